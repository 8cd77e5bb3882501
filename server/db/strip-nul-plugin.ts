import {
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";

const NUL = "\u0000";

const strip = (value: unknown): unknown =>
  typeof value === "string" && value.includes(NUL) ? value.replaceAll(NUL, "") : value;

/** Text without its NUL characters, as the database will hold it. */
export const stripNul = (text: string): string => strip(text) as string;

/**
 * A row with the NUL characters out of its text, as the database will hold it: for a
 * service that answers (or mails) the row it inserts, so the answer matches what is stored.
 */
export function withoutNul<T extends object>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, strip(value)])) as T;
}

class NulStripper extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = strip(node.value);
    if (value === node.value) return node;
    return node.immediate ? ValueNode.createImmediate(value) : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    const values = node.values.map(strip);
    return values.every((value, i) => value === node.values[i])
      ? node
      : PrimitiveValueListNode.create(values);
  }
}

/**
 * Takes every NUL character (U+0000) out of the text a query sends, on both databases.
 * PostgreSQL refuses NUL in text (a 500 for any request that carried one); SQLite would
 * store it. No field has a use for it, so it is dropped: an id with one names nothing (404),
 * a search ignores it, stored text loses it, and the two databases answer alike. Fields
 * that refuse control characters outright (a YouTube URL) still do, in their schemas.
 */
export class StripNulPlugin implements KyselyPlugin {
  readonly #stripper = new NulStripper();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#stripper.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
