/**
 * Small statistics helpers of the local load test: percentiles over recorded samples (milliseconds) and
 * rounding for the report.
 */

/** Percentiles of a sample set, in the unit of the samples (ms here); `null`s when there were none. */
export interface Distribution {
  count: number;
  mean: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/**
 * The distribution of `samples` (nearest-rank percentiles on a sorted copy; `samples` is not changed).
 * Values are rounded to 0.1.
 */
export function distribution(samples: ArrayLike<number>): Distribution {
  const sorted = Float64Array.from(samples).sort();
  const count = sorted.length;
  if (count === 0) return { count, mean: null, p50: null, p95: null, p99: null, max: null };
  let sum = 0;
  for (const value of sorted) sum += value;
  const at = (p: number) => round1(sorted[Math.min(count - 1, Math.max(0, Math.ceil((p / 100) * count) - 1))] ?? 0);
  return { count, mean: round1(sum / count), p50: at(50), p95: at(95), p99: at(99), max: round1(sorted[count - 1] ?? 0) };
}

/** `value` rounded to one decimal. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A growable list of numbers backed by a Float64Array (no per-sample allocation while recording). */
export class Samples {
  private data = new Float64Array(1 << 16);
  private size = 0;

  /** Appends one sample. */
  push(value: number): void {
    if (this.size === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.size++] = value;
  }

  /** Number of samples. */
  get length(): number {
    return this.size;
  }

  /** The samples recorded so far (a view, not a copy). */
  values(): Float64Array {
    return this.data.subarray(0, this.size);
  }
}
