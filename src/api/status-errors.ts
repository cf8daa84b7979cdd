// Turning a failed answer or a network failure into one typed error with one sentence.
import { parseErrorBody } from './error-body.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  KeyReusedError,
  NotFoundError,
  RateLimitedError,
  RedirectedError,
  ServerError,
  TlsError,
  UnauthorizedError,
  UnreachableError,
  ValidationError,
  type ApiError,
} from './errors.js';
import { DEFAULT_ORIGIN, fixUrl, tokenSource, urlSource, type ApiOrigin } from './origin.js';
import { MAX_RETRY_AFTER_MS, conflictKind } from './retry-policy.js';
import { scopeFor } from './scopes.js';

interface StatusContext {
  method: string;
  path: string;
  /** The full URL requested, to resolve a relative Location against. */
  url?: string;
  redact: (text: string) => string;
  /** The answer's Retry-After, when it had a readable one. */
  retryAfterMs?: number | undefined;
  /** Where the token and the URL came from: hints name them (default: MONITORS_API_TOKEN, MONITORS_API_URL). */
  origin?: ApiOrigin | undefined;
}

interface FailedAnswer {
  status: number;
  json: unknown;
  text?: string;
  headers?: Record<string, string | undefined>;
}

export function errorForStatus(answer: FailedAnswer, context: StatusContext): ApiError {
  const { method, path, redact } = context;
  const origin = context.origin ?? DEFAULT_ORIGIN;
  const body = parseErrorBody(answer.json, answer.text);
  const said = body.message ? `: ${redact(body.message)}` : '';
  const where = `${method} ${path}`;
  const base = { status: answer.status, method, path, ...(body.code ? { serverCode: body.code } : {}) };
  if (answer.status >= 300 && answer.status < 400) {
    // Redacted before it is resolved: URL serialization could re-encode a token past recognition.
    const location = answer.headers?.location;
    const target = redirectTarget(location === undefined ? undefined : redact(location), context.url);
    return new RedirectedError(
      'API_REDIRECTED',
      `the API answered ${where} with a redirect (${answer.status})${target ? ` to ${redact(target)}` : ''}, which is not followed, so nothing was done`,
      {
        ...base,
        hint: `${fixUrl(origin)} to the address the API really answers at (https, ending in /api/v1); redirects are not followed because the token would go with them.`,
      },
    );
  }
  switch (answer.status) {
    case 400:
      return new BadRequestError('API_BAD_REQUEST', `the API refused ${where} as a bad request (400)${said}`, {
        ...base,
        hint: 'This is likely a bug in monitors; run with MONITORS_DEBUG=1 and report it.',
      });
    case 401:
      // The server's reason, when it gives one, replaces the generic guess (not both, one after the other).
      return new UnauthorizedError(
        'API_UNAUTHORIZED',
        `the API rejected the token in ${origin.token.variable} (401)${body.message ? `; the server says: ${redact(body.message)}` : ': it is missing, expired or revoked'}`,
        {
          ...base,
          hint: `Create a new token in the dashboard (settings, API) and set ${tokenSource(origin)} to it.`,
        },
      );
    case 403: {
      const scope = scopeFor(method, path);
      return new ForbiddenError('API_FORBIDDEN', `the API token lacks the ${scope} scope needed for ${where} (403)`, {
        ...base,
        hint: `Create a token with the ${scope} scope in the dashboard (settings, API) and set ${tokenSource(origin)} to it.`,
      });
    }
    case 404:
      // Only ids can be missing from a workspace; a 404 on /monitors or /account means the URL is wrong.
      if (!/\/[^/]+\/[^/?]+/.test(path)) {
        return new NotFoundError(
          'API_NOT_FOUND',
          `the API has no ${path} (404 on ${where}): ${urlSource(origin)} does not point at the monitoring API${said}`,
          {
            ...base,
            hint: `${fixUrl(origin)} to the base URL ending in /api/v1 (for the local simulator: the first line \`monitors sim\` prints).`,
          },
        );
      }
      return new NotFoundError(
        'API_NOT_FOUND',
        `not found: ${where} (404); it does not exist in this token's workspace${said}`,
        base,
      );
    case 409:
      return conflictKind(body.code, body.message) === 'key_reused'
        ? new KeyReusedError(
            'API_KEY_REUSED',
            `the API refused ${where}: its Idempotency-Key was already used for another payload (409)${said}`,
            {
              ...base,
              hint: 'The plan no longer matches what was sent before; run `monitors plan` again and apply the new plan.',
            },
          )
        : new ConflictError('API_CONFLICT', `${where} conflicted with a request still running (409)${said}`, {
            ...base,
            hint: 'Wait a moment and run the same command again; the idempotency key makes that safe.',
          });
    case 422: {
      const fields = body.fieldErrors.map((f) => ({ ...f, message: withoutField(f.field, redact(f.message)) }));
      const list =
        fields.length > 0
          ? `: ${fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; ')}`
          : said;
      return new ValidationError(`the API rejected the monitor (422)${list}`, fields, {
        ...base,
        hint: 'Fix the field in the YAML (`monitors validate` checks most rules offline) and run again.',
      });
    }
    case 429:
      if (tooLongToWait(context.retryAfterMs)) {
        return new RateLimitedError(
          'API_RATE_LIMITED',
          `the API rate-limited ${where} (429) and asks to wait ${waitText(context.retryAfterMs)}, longer than the ${MAX_RETRY_AFTER_MS / 1000} s this tool waits`,
          {
            ...base,
            hint: `Run again in ${waitText(context.retryAfterMs)}; what succeeded is recorded and will not be repeated.`,
          },
        );
      }
      return new RateLimitedError(
        'API_RATE_LIMITED',
        `the API kept answering 429 (rate limited) to ${where}, and the retries ran out`,
        {
          ...base,
          hint: 'Run again later, or lower --concurrency; what succeeded is recorded and will not be repeated.',
        },
      );
    default:
      if (answer.status >= 500 && tooLongToWait(context.retryAfterMs)) {
        return new ServerError(
          'API_SERVER_ERROR',
          `the API failed with ${answer.status} on ${where} and asks to wait ${waitText(context.retryAfterMs)}, longer than the ${MAX_RETRY_AFTER_MS / 1000} s this tool waits${said}`,
          {
            ...base,
            hint: `The service is unavailable for now; run the same command again in ${waitText(context.retryAfterMs)} (it is safe to repeat).`,
          },
        );
      }
      if (answer.status >= 500) {
        return new ServerError(
          'API_SERVER_ERROR',
          `the API failed with ${answer.status} on ${where}, and the retries ran out${said}`,
          {
            ...base,
            hint: 'The service may be having trouble; run the same command again later (it is safe to repeat).',
          },
        );
      }
      return new BadRequestError('API_UNEXPECTED_STATUS', `the API answered ${answer.status} to ${where}${said}`, base);
  }
}

/**
 * A server that repeats the field at the start of its message (`interval_seconds 240 is not
 * an enabled interval`) would read `interval_seconds: interval_seconds 240 ...` once the
 * field is put in front: the repetition goes.
 */
export function withoutField(field: string, message: string): string {
  if (field === '' || !message.startsWith(field)) return message;
  const rest = message.slice(field.length);
  const trimmed = rest.replace(/^(?::\s*|\s+)/, '');
  return trimmed !== rest && trimmed !== '' ? trimmed : message;
}

function tooLongToWait(retryAfterMs: number | undefined): retryAfterMs is number {
  return retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS;
}

/** "90 s", "about 60 minutes", "about 3 hours". */
function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `about ${minutes} minutes` : `about ${Math.round(minutes / 60)} hours`;
}

function redirectTarget(location: string | undefined, requested: string | undefined): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, requested).toString();
  } catch {
    return location;
  }
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

export function isTlsFailure(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && TLS_CODES.test(code);
}

export function networkError(
  error: unknown,
  context: {
    method: string;
    path: string;
    baseUrl: string;
    redact: (t: string) => string;
    attempts?: number;
    origin?: ApiOrigin | undefined;
  },
): ApiError {
  const origin = context.origin ?? DEFAULT_ORIGIN;
  const code = errorCode(error) ?? 'unknown';
  const base = { method: context.method, path: context.path, cause: error };
  if (isTlsFailure(error)) {
    return new TlsError('API_TLS', `the TLS connection to ${context.baseUrl} failed (${code})`, {
      ...base,
      hint: `Check that ${urlSource(origin)} names the right host and that its certificate is valid (NODE_EXTRA_CA_CERTS for a private CA).`,
    });
  }
  const tries = context.attempts ? ` after ${context.attempts} attempt${context.attempts === 1 ? '' : 's'}` : '';
  return new UnreachableError('API_UNREACHABLE', `cannot reach the API at ${context.baseUrl} (${code})${tries}`, {
    ...base,
    hint: `Check ${urlSource(origin)} and the network; the command is safe to run again.`,
  });
}

export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    if (typeof code === 'string') return (current as { cause?: { code?: string } }).cause?.code ?? code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
