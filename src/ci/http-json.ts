// JSON over HTTP for the CI providers' APIs (GitHub's, GitLab's, Bitbucket's): fetch, a bounded wait, and
// a failure as an error carrying the status and the API's own message. The token goes in a
// header only; no URL, message or log line holds it.

export interface JsonRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

/** A refusal or failure of the API: `status` 0 when it could not be reached. */
export class ApiCallError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const TIMEOUT_MS = 30_000;

export async function requestJson(
  request: JsonRequest,
  describe: (status: number, detail: string) => string,
): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: { ...request.headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new ApiCallError(describe(0, `not reachable (${why})`), 0);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const detail = `${response.status} ${response.statusText}${messageOf(json, text)}`;
    throw new ApiCallError(describe(response.status, detail), response.status);
  }
  return { status: response.status, headers: response.headers, json };
}

/**
 * The API's own words: `{"message": ...}` (GitHub, GitLab; GitLab's may be an object of field
 * errors), `{"error": ...}` (GitLab), `{"error": {"message": ...}}` (Bitbucket Cloud) or
 * `{"errors": [{"message": ...}]}` (Bitbucket Data Center).
 */
function messageOf(json: unknown, text: string): string {
  const body = json as
    | {
        message?: unknown;
        error?: { message?: unknown };
        error_description?: unknown;
        errors?: { message?: unknown }[];
      }
    | undefined;
  const listed = Array.isArray(body?.errors) ? body.errors[0]?.message : undefined;
  const said = body?.message ?? body?.error_description ?? body?.error?.message ?? listed ?? body?.error;
  if (said === undefined) return text.trim() === '' || json !== undefined ? '' : `: ${oneLine(text)}`;
  const words = typeof said === 'string' ? said : JSON.stringify(said);
  return `: ${oneLine(words)}`;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
