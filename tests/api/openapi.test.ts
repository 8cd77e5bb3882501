import { beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, useTestApp, type TestApp } from "./helpers.ts";

// What a client generated from /api/openapi.json relies on. The document's lint (redocly,
// recommended rules, warnings count) runs in `npm run lint:openapi`.

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

interface OpenApiDocument {
  servers?: { url: string }[];
  info: { license?: { name: string; url?: string } };
  tags?: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

async function openApi(t: TestApp): Promise<OpenApiDocument> {
  const { status, body } = await call<OpenApiDocument>(t.app, {
    method: "GET",
    url: "/api/openapi.json",
  });
  expect(status).toBe(200);
  return body;
}

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, "some-id"),
        operation,
      })),
  );
}

const isAdmin = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => "bearerAuth" in requirement);

describe("the OpenAPI document", () => {
  const t = useTestApp();
  let doc: OpenApiDocument;
  beforeAll(async () => {
    doc = await openApi(t);
  });

  it("names a server, a licence and the tags it uses", () => {
    // No PUBLIC_ORIGIN in tests: the origin that serves the document.
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.license?.url).toMatch(/^https?:\/\//);
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { name, operation } of operations(doc)) {
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) {
        expect(declared.get(tag), `${name}: tag ${tag}`).toBeTruthy();
      }
    }
  });

  it("gives every operation a unique camelCase operationId and a summary", () => {
    const ids = operations(doc).map(({ name, operation }) => {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z]*$/);
      expect(operation.summary, name).toBeTruthy();
      return operation.operationId;
    });
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says for every operation whether it needs the admin token", () => {
    for (const { name, operation } of operations(doc)) {
      expect(Array.isArray(operation.security), `${name}: security`).toBe(true);
      for (const requirement of operation.security!) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes, `${name}: ${scheme}`).toHaveProperty(scheme);
        }
      }
    }
  });

  it("documents at least one client error for every operation, each as { error }, a 400 with its fields", () => {
    for (const { name, operation } of operations(doc)) {
      const clientErrors = Object.keys(operation.responses).filter((status) =>
        /^4\d\d$/.test(status),
      );
      expect(clientErrors.length, `${name}: 4xx`).toBeGreaterThan(0);
      if (isAdmin(operation)) expect(clientErrors, name).toContain("401");
      for (const status of clientErrors) {
        const response = operation.responses[status]!;
        expect(response.description, `${name} ${status}`).not.toBe("Default Response");
        const schema = response.content?.["application/json"]?.schema;
        expect(schema?.properties?.error?.type, `${name} ${status}`).toBe("string");
        expect(schema?.required, `${name} ${status}`).toEqual(["error"]);
        // Every 400 names the fields it is about, in one shape (decision 0053).
        if (status === "400") {
          expect(schema?.properties?.fields?.type, `${name} 400 fields`).toBe("object");
        }
      }
    }
  });

  it("marks as admin exactly the operations that refuse a call without a token", async () => {
    const ops = operations(doc);
    expect(ops.filter(({ operation }) => isAdmin(operation)).length).toBeGreaterThanOrEqual(17);
    for (const { name, method, url, operation } of ops) {
      const response = await call<{ error?: string }>(t.app, { method: method as "GET", url });
      expect(`${name}: ${response.status === 401}`).toBe(`${name}: ${isAdmin(operation)}`);
      // Whatever it answers, the document lists that answer.
      expect(Object.keys(operation.responses), name).toContain(String(response.status));
    }
  });

  it("tells the truth about the reads whose only client error is an undecodable request", async () => {
    const reads = operations(doc).filter(
      ({ method, operation }) =>
        method === "GET" &&
        Object.keys(operation.responses)
          .filter((status) => status.startsWith("4"))
          .join() === "415",
    );
    expect(reads.map(({ name }) => name).sort()).toEqual([
      "GET /api/content",
      "GET /api/health",
      "GET /api/identity",
      "GET /api/prices",
      "GET /api/ready",
      "GET /api/tags",
      "GET /api/video",
    ]);
    for (const { name, url } of reads) {
      const response = await call<{ error: string }>(t.app, {
        method: "GET",
        url,
        headers: { "content-encoding": "x-unknown" },
      });
      expect(`${name}: ${response.status}`).toBe(`${name}: 415`);
      expect(response.body.error).toBeTypeOf("string");
    }
  });
});

describe("the OpenAPI document of a public site", () => {
  it("points at PUBLIC_ORIGIN", async () => {
    const t = await createTestApp({ PUBLIC_ORIGIN: "https://www.agency.ng" });
    try {
      const doc = await openApi(t);
      expect(doc.servers).toEqual([expect.objectContaining({ url: "https://www.agency.ng" })]);
    } finally {
      await t.close();
    }
  });
});
