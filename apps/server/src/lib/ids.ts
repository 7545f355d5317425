const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text can name a row by id. Checked before a query, so garbage never reaches a uuid column. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
