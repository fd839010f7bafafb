/**
 * The commit watermark of one partition (docs/architecture.md §4 "Bus": "offsets committed only after the
 * handler resolved"): Kafka commits one offset per partition, the next one to read, so a subscription may
 * only commit up to the first message it has not finished, however many after it are done. kafkajs's
 * `commitOffsets` takes that next offset (kafkajs docs, "Consuming Messages" → "Manual committing").
 */

/**
 * Which offsets of one partition a subscription has taken and finished, and so which offset it may
 * commit: the first offset taken but not finished, or one past the highest taken when all are finished.
 * Offsets are compared as bigints (Kafka offsets are 64-bit).
 */
export class PartitionProgress {
  private readonly unfinished = new Set<bigint>();
  private highest: bigint | undefined;
  private committedOffset: bigint | undefined;

  /** @param topic the topic @param partition the partition id */
  constructor(
    readonly topic: string,
    readonly partition: number,
  ) {}

  /**
   * Takes `offset` (decimal) as unfinished. False when it is not beyond the highest offset taken (a
   * message fetched again after a rebalance): it is handled or held already.
   */
  take(offset: string): boolean {
    const value = BigInt(offset);
    if (this.highest !== undefined && value <= this.highest) return false;
    // The fetch started here, so the group's committed offset is at most this one: nothing to commit yet.
    this.committedOffset ??= value;
    this.highest = value;
    this.unfinished.add(value);
    return true;
  }

  /** Marks `offset` finished (handled or dead-lettered). */
  finish(offset: string): void {
    this.unfinished.delete(BigInt(offset));
  }

  /** The offset to commit now (decimal), or undefined when it would not move the committed offset forward. */
  due(): string | undefined {
    if (this.highest === undefined) return undefined;
    let next = this.highest + 1n;
    for (const offset of this.unfinished) if (offset < next) next = offset;
    return this.committedOffset === undefined || next > this.committedOffset ? next.toString() : undefined;
  }

  /** Records that `offset` (as returned by {@link due}) was committed. */
  committed(offset: string): void {
    const value = BigInt(offset);
    if (this.committedOffset === undefined || value > this.committedOffset) this.committedOffset = value;
  }
}
