export { swaggerUi } from "./swagger-ui.js";
