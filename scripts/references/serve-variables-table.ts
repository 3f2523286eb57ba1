import { unsetText } from "../../packages/cli/src/read-serve-variables.js";
import { type ServeVariable, serveVariables } from "../../packages/cli/src/serve-variables.js";
import { code, markdownTable } from "./markdown.js";

/** The variables `serve` reads, one row each, from its table: name, default, option, meaning. */
export function serveVariablesTable(
  variables: readonly ServeVariable[] = serveVariables,
  options: { optionColumn?: boolean } = {},
): string {
  const withOption = options.optionColumn ?? true;
  return markdownTable(
    ["variable", "default", ...(withOption ? ["engine option"] : []), "meaning"],
    variables.map((variable) => [
      code(variable.name),
      unsetText(variable),
      ...(withOption ? ["option" in variable.sets ? code(variable.sets.option) : ""] : []),
      variable.doc,
    ]),
  );
}
