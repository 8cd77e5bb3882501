/**
 * Every row of a query read a page at a time (CSV exports, backups): `page(limit, offset)`
 * is asked for `size` rows at a time until it answers fewer.
 */
export async function* everyRow<T>(
  page: (limit: number, offset: number) => Promise<readonly T[]>,
  size = 500,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += size) {
    const rows = await page(size, offset);
    yield* rows;
    if (rows.length < size) return;
  }
}
