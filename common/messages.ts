/** Texts the spec fixes to the letter, shared by the forms and the server. */
export const messages = {
  required: "Please fill in all required fields.",
  invalidEmail: "Please enter a valid email address.",
  selectOption: "Please select at least one option.",
  submitError: "An error occurred. Please try again later.",
  /** A form the server could not store for now (the database is unavailable, issue 28). */
  tryAgainSoon:
    "We could not save this just now. Nothing was lost: please try again in a few seconds.",
  submitSuccess: "Form submitted successfully!",
  invalidCredentials: "Invalid credentials",
  noToken: "Login failed: No token received",
  blogCreated: "Blog created successfully!",
  blogUpdated: "Blog updated successfully!",
  blogFailed: "Failed to submit the blog. Please try again.",
  blogNotFound: "Blog not found.",
  blogFetchFailed: "Failed to fetch blog",
  blogsFetchFailed: "Failed to fetch blogs. Please reload page",
  confirmDeleteBlog: "Are you sure you want to delete this blog?",
  confirmDeleteVideo: "Are you sure you want to delete this video?",
  videoRequired: "Please select a video file to upload.",
  videoUploaded: "Video uploaded successfully!",
  videoUploadFailed: "Failed to upload video.",
  videoDeleted: "Video deleted successfully!",
  videoDeleteFailed: "Failed to delete the video.",
  videoDeleteError: "An error occurred while deleting the video.",
  videosFetchFailed: "Failed to fetch videos.",
  priceOnRequest: "Price on request",
} as const;

/** What a refused request over a per-IP limit says, on the API and on the forms. */
export const tooManyRequests = (seconds: number) =>
  `Too many requests. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

/**
 * When several rules fail, the forms show one message. The spec checks required
 * fields first, then the e-mail format, then the options; other messages follow.
 */
const messagePriority: string[] = [messages.required, messages.invalidEmail, messages.selectOption];

export function firstMessage(issues: readonly { message: string }[]): string {
  for (const preferred of messagePriority) {
    if (issues.some((issue) => issue.message === preferred)) return preferred;
  }
  return issues[0]?.message ?? "Invalid input.";
}

/** Each field a 400 is about, by its dotted path as the client sent it ("items.0.name"). */
export type FieldMessages = Record<string, string>;

/**
 * The `fields` of a 400 (`{ error, fields }`, decision 0053): each path a validation failed
 * on, in order, with one message (when a field broke several rules, the one `firstMessage`
 * puts first). Issues about the whole body (an empty path) name no field.
 */
export function fieldMessages(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
): FieldMessages {
  const byPath = new Map<string, { message: string }[]>();
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    const path = issue.path.map(String).join(".");
    byPath.set(path, [...(byPath.get(path) ?? []), issue]);
  }
  return Object.fromEntries([...byPath].map(([path, list]) => [path, firstMessage(list)]));
}

/** The one shape of a 400: the summary, and `fields` when it is about fields. */
export function invalidAnswer(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
): { error: string; fields?: FieldMessages } {
  const fields = fieldMessages(issues);
  return Object.keys(fields).length > 0
    ? { error: firstMessage(issues), fields }
    : { error: firstMessage(issues) };
}
