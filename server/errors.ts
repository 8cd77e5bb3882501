/** Typed errors the services throw; the error handler maps each to its status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export class Invalid extends AppError {
  /** The fields the refusal is about, each dotted path with its message (decision 0053). */
  readonly fields: Record<string, string> | undefined;
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message);
    this.fields = fields;
  }
}

export class Unauthorized extends AppError {
  constructor(message = "Authentication required") {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = "Only the owner can do this.") {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class MethodNotAllowed extends AppError {
  constructor(allow: string) {
    super(405, "Method not allowed.", { allow });
  }
}

/** The server is too busy for this request right now; `retry-after` says when to try again. */
export class ServiceUnavailable extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
