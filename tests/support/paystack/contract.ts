import { readFileSync } from "node:fs";
import path from "node:path";
import addFormats from "ajv-formats";
import { OpenAPIBackend, type Request as ContractRequest } from "openapi-backend";
import type { OpenAPIV3 } from "openapi-types";
import { parse } from "yaml";

// Paystack's published contract: `paystack.yaml` beside this file is `dist/paystack.yaml` of
// github.com/PaystackOSS/openapi (commit 9678dea, MIT licence in LICENSE), committed as it
// was fetched. The stand-in (server.ts) checks every request the product sends against it and
// every answer it gives, so a request the real API would refuse fails the tests here.

const FILE = path.join(import.meta.dirname, "paystack.yaml");

/**
 * The description as a JSON Schema validator can read it. One repair, in memory: Paystack's
 * file has `nullable: true` on schemas without a `type` (`bin`, `account_name`…), which
 * OpenAPI 3.0 leaves meaningless and Ajv refuses to compile; such a schema already allows
 * any value, null included, so the key is dropped. Nothing else is changed.
 */
function loadDefinition(): Record<string, unknown> {
  const definition = parse(readFileSync(FILE, "utf8")) as Record<string, unknown>;
  const repair = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(repair);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && schema.type === undefined && schema.$ref === undefined) {
      delete schema.nullable;
    }
    for (const value of Object.values(schema)) repair(value);
  };
  repair(definition);
  return definition;
}

export interface ContractCheck {
  /** The operation of the request (`transaction_initialize`), if the description has one. */
  operationId?: string;
  /** What is wrong with the request, empty when it is valid. */
  problems: string[];
}

export interface Contract {
  checkRequest(request: ContractRequest): ContractCheck;
  /** What is wrong with an answer of `operationId` with `status`, empty when it is valid. */
  checkResponse(body: unknown, operationId: string, status: number): string[];
}

const describe = (errors: { instancePath?: string; message?: string }[] | null | undefined) =>
  (errors ?? []).map((error) => `${error.instancePath || "(root)"} ${error.message ?? "invalid"}`);

let loading: Promise<Contract> | undefined;

/**
 * The contract, loaded once per process (parsing the 520 KB file takes about a second; the
 * validators of an operation are compiled when it is first used).
 */
export function paystackContract(): Promise<Contract> {
  loading ??= (async () => {
    const api = new OpenAPIBackend({
      definition: loadDefinition() as unknown as OpenAPIV3.Document,
      quick: true,
      // Formats (date-time, date) are checked, not ignored with a warning.
      customizeAjv: (ajv) => {
        (addFormats as unknown as (ajv: unknown) => void)(ajv);
        return ajv;
      },
    });
    await api.init();
    return {
      checkRequest(request) {
        const operation = api.router.matchOperation(request);
        if (!operation) {
          return {
            problems: [`${request.method.toUpperCase()} ${request.path}: no such operation`],
          };
        }
        const result = api.validateRequest(request, operation);
        return { operationId: operation.operationId, problems: describe(result.errors) };
      },
      checkResponse(body, operationId, status) {
        return describe(api.validateResponse(body, operationId, status).errors);
      },
    };
  })();
  return loading;
}
