/**
 * A least-recently-used map whose values' total size stays under a byte budget: the newest entry is kept
 * even when it alone is over the budget, older ones leave first. For data that never changes once cached
 * (a finished document's vectors), so there is nothing to invalidate.
 */
export class ByteBudgetCache<V> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= this.sizeOf(old);
    }
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value);
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.budget || k === key) break;
      this.entries.delete(k);
      this.bytes -= this.sizeOf(v);
    }
  }
}
