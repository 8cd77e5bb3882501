import { expect } from "vitest";
import type { Import } from "../../common/schemas/imports.ts";
import { call, multipart, waitFor, type TestApp } from "./helpers.ts";

// The import's calls as the Import screen makes them (issue 51): upload, preview, start, wait.

export async function upload(
  app: TestApp,
  headers: { authorization: string },
  file: string,
  name = "export.xml",
) {
  const form = multipart({}, [
    { field: "file", filename: name, contentType: "application/xml", data: Buffer.from(file) },
  ]);
  return call<{ id: string; error?: string }>(app.app, {
    method: "POST",
    url: "/api/imports",
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

export async function read(app: TestApp, headers: { authorization: string }, id: string) {
  return (await call<Import>(app.app, { url: `/api/imports/${id}`, headers })).body;
}

/** Uploads a file and waits for its preview. */
export async function preview(app: TestApp, headers: { authorization: string }, file: string) {
  const uploaded = await upload(app, headers, file);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  await waitFor(
    () => read(app, headers, uploaded.body.id),
    (i) => i.state !== "reading",
    20_000,
  );
  return read(app, headers, uploaded.body.id);
}

/** Uploads, starts with `choices` and waits until done: the finished import. */
export async function importFile(
  app: TestApp,
  headers: { authorization: string },
  file: string,
  choices: object = {},
) {
  const ready = await preview(app, headers, file);
  expect(ready.state, ready.error ?? "").toBe("ready");
  const started = await call<Import>(app.app, {
    method: "POST",
    url: `/api/imports/${ready.id}/start`,
    headers,
    payload: choices,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await waitFor(
    () => read(app, headers, ready.id),
    (i) => i.state === "done",
    30_000,
  );
  return read(app, headers, ready.id);
}
