// The back office's one way to the API: adds the bearer token kept in localStorage (spec:
// `adminToken`), and on any 401 forgets the token and goes to the sign-in page.

import { getToken, TOKEN_KEY } from "./staff-token.ts";

export { getToken };
export const LOGIN_PATH = "/admin/login";

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** An error answer of the API, with the server's message. */
export class ApiError extends Error {
  readonly status: number;
  /** A 400's `fields`: each field's dotted path with its message (decision 0053). */
  readonly fields: Record<string, string>;
  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fields = fields;
  }
}

/** The `fields` of an error answer's body, when it has them. */
function fieldsOf(body: unknown): Record<string, string> {
  const fields = (body as { fields?: unknown } | null)?.fields;
  if (typeof fields !== "object" || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** The server's reason for a failed call, or `fallback` when no answer came (network). */
export function problemText(problem: unknown, fallback: string): string {
  return problem instanceof ApiError && problem.status > 0 ? problem.message : fallback;
}

/** The session is over (401): forget the token and go to the sign-in page. */
export function endSession(): void {
  clearToken();
  if (window.location.pathname !== LOGIN_PATH) {
    window.location.assign(`${LOGIN_PATH}?expired=1`);
  }
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  const message =
    typeof body?.error === "string" ? body.error : `Request failed (${response.status}).`;
  return new ApiError(response.status, message, fieldsOf(body));
}

/** A raw API call with the token; 401 ends the session. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`/api${path}`, {
    ...init,
    headers: { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) },
  });
  if (response.status === 401) {
    endSession();
    throw await errorOf(response);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** A JSON API call; `json` is sent as the body. */
export async function api<T>(
  path: string,
  options: { method?: string; json?: unknown; body?: BodyInit } = {},
): Promise<T> {
  const response = await apiFetch(path, {
    method: options.method ?? "GET",
    ...(options.json !== undefined
      ? { body: JSON.stringify(options.json), headers: { "content-type": "application/json" } }
      : options.body !== undefined
        ? { body: options.body }
        : {}),
  });
  return (await response.json()) as T;
}

/** A JSON list with its X-Total-Count. */
export async function apiList<T>(path: string): Promise<{ items: T[]; total: number }> {
  const response = await apiFetch(path);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get("x-total-count") ?? items.length);
  return { items, total };
}

/** Downloads a file the API makes (a CSV export) under the name the server gives. */
export async function download(path: string): Promise<void> {
  const response = await apiFetch(path);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    "export.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart upload with progress (XMLHttpRequest, since fetch reports none) that can be
 * cancelled with `signal`. Answers the JSON body; 401 ends the session.
 */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    const token = getToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const body = xhr.response as { error?: unknown } | null;
      if (xhr.status === 401) endSession();
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            xhr.status,
            typeof body?.error === "string" ? body.error : `Upload failed (${xhr.status}).`,
            fieldsOf(body),
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, "The network connection failed."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
