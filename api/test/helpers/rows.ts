/** Every row of a stream, read to its end. */
export async function allRows<Row>(rows: AsyncIterable<Row>): Promise<Row[]> {
  const all: Row[] = [];
  for await (const row of rows) all.push(row);
  return all;
}
