/*
 * The API reference page: Swagger UI from swagger-ui-dist, served by the engine itself (no CDN).
 * Every URL on the page is relative, so it works wherever the API is mounted: under an Express
 * mount path, a Fastify prefix, an API Gateway stage or a custom-domain base path.
 */

/** Loaded from `{basePath}/docs`, so `docs/x` is `{basePath}/docs/x` and `openapi.json` is a sibling. */
export const docsPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>domain-intel API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-openapi-url="openapi.json"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

// A file rather than an inline script, so the page's CSP can forbid inline code altogether.
export const docsInitScript = `"use strict";
(function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: new URL(root.getAttribute("data-openapi-url"), document.baseURI).href,
    domNode: root,
    deepLinking: false,
    validatorUrl: null,
    supportedSubmitMethods: ["get", "head"],
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
})();
`;

/**
 * Only this origin's scripts, styles and fetches; images also from `data:` (Swagger UI's icons
 * are data URIs in its CSS). No inline code, no framing, no forms, no base-URI tricks.
 */
export const docsContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
