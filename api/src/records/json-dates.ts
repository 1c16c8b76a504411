/**
 * Records the embedded store keeps as one JSON document per row: Dates are written as
 * {"$date": ms} and read back as Dates, so a document round-trips as MongoDB's driver returns it.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, raw: unknown) {
    const original = this[key];
    return original instanceof Date ? { $date: original.getTime() } : raw;
  });
}

export function fromJson<T>(text: unknown): T {
  return JSON.parse(text as string, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === '$date') return new Date((value as { $date: number }).$date);
    }
    return value;
  }) as T;
}
