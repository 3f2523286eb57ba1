/*
 * The parts of the Lambda HTTP events this adapter reads, declared here so that users need no
 * `@types/aws-lambda`. They are structurally compatible with its APIGatewayProxyEvent,
 * APIGatewayProxyEventV2 and LambdaFunctionURLEvent (the tests check that).
 */

type Values<T> = { readonly [name: string]: T | undefined };

/** API Gateway REST API, and HTTP API with payload format 1.0. */
export interface LambdaEventV1 {
  /** Absent (REST API) or "1.0" (HTTP API set to payload 1.0). */
  readonly version?: string;
  readonly httpMethod: string;
  /** The path as API Gateway hands it on: without the stage, with a custom-domain base path. */
  readonly path: string;
  readonly headers?: Values<string> | null;
  readonly multiValueHeaders?: Values<string[]> | null;
  /** Decoded values: API Gateway decodes the query string of a REST API. */
  readonly queryStringParameters?: Values<string> | null;
  readonly multiValueQueryStringParameters?: Values<string[]> | null;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
  /** The caller's address is `identity.sourceIp`. */
  readonly requestContext?: { readonly identity?: { readonly sourceIp?: string } };
}

/** API Gateway HTTP API with payload format 2.0, and Lambda function URLs. */
export interface LambdaEventV2 {
  /** "2.0": the only field that tells the payload versions apart. */
  readonly version: string;
  /** Includes a named stage (`/prod/...`); an HTTP API hands it on percent-decoded. */
  readonly rawPath: string;
  readonly rawQueryString?: string;
  /** Repeated headers arrive joined with commas. */
  readonly headers?: Values<string>;
  readonly cookies?: readonly string[];
  readonly requestContext: {
    readonly http: { readonly method: string; readonly sourceIp?: string };
  };
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
}

export type LambdaHttpEvent = LambdaEventV1 | LambdaEventV2;

/** What API Gateway and function URLs accept back, for either payload version. */
export interface LambdaHttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}
