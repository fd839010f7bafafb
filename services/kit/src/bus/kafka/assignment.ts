/**
 * How a consumer group's partitions are spread over its members (docs/architecture.md §4 "Bus": a consumer
 * group per service, each `subscribe` one member): Java's `RoundRobinAssignor`, which only hands a member
 * partitions of the topics it subscribed to, so the replicas of one service may subscribe to different
 * event types (two consumers in one service, or a rolling upgrade).
 */
import { AssignerProtocol } from 'kafkajs';
import type { PartitionAssigner } from 'kafkajs';
import { describeError } from '../envelope';

/**
 * Round-robin assignment that respects subscriptions (Java's `RoundRobinAssignor`): the partitions of all
 * topics, sorted by topic then partition, are dealt in turn to the members sorted by id, skipping members
 * not subscribed to the partition's topic. Every partition of a topic someone subscribed to goes to
 * exactly one member subscribed to it; partitions of topics nobody subscribed to are left out.
 * @param members each member's id and subscribed topics
 * @param partitionsByTopic the partition ids of each topic
 * @returns per member id, its partitions per topic (every member appears, possibly with `{}`)
 */
export function assignRoundRobin(
  members: ReadonlyArray<{ memberId: string; topics: readonly string[] }>,
  partitionsByTopic: Readonly<Record<string, readonly number[]>>,
): Record<string, Record<string, number[]>> {
  const sorted = [...members].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  const result: Record<string, Record<string, number[]>> = {};
  for (const member of sorted) result[member.memberId] = {};
  let cursor = 0;
  for (const topic of Object.keys(partitionsByTopic).sort()) {
    const partitions = [...(partitionsByTopic[topic] ?? [])].sort((a, b) => a - b);
    for (const partition of partitions) {
      for (let step = 0; step < sorted.length; step += 1) {
        const index = (cursor + step) % sorted.length;
        const member = sorted[index];
        if (!member || !member.topics.includes(topic)) continue;
        const assignment = result[member.memberId] ?? {};
        (assignment[topic] ??= []).push(partition);
        result[member.memberId] = assignment;
        cursor = (index + 1) % sorted.length;
        break;
      }
    }
  }
  return result;
}

/** The name of {@link subscriptionAwareRoundRobin} in the group protocol. */
const ASSIGNER_NAME = 'FormloomRoundRobin';

/**
 * A kafkajs partition assigner running {@link assignRoundRobin} over the members' own subscriptions
 * (kafkajs's `RoundRobinAssigner` deals the leader's topics to every member, and a member then drops the
 * partitions of topics it did not subscribe to: those would never be consumed).
 */
export const subscriptionAwareRoundRobin: PartitionAssigner = ({ cluster, logger }) => ({
  name: ASSIGNER_NAME,
  version: 0,
  async assign({ members, topics }) {
    const subscriptions = members.map(({ memberId, memberMetadata }) => ({
      memberId,
      topics: AssignerProtocol.MemberMetadata.decode(memberMetadata)?.topics ?? topics,
    }));
    const allTopics = [...new Set(subscriptions.flatMap((subscription) => subscription.topics))];
    try {
      // The leader only knows the metadata of its own topics: learn the others' partitions too.
      await cluster.addMultipleTargetTopics(allTopics);
    } catch (error) {
      logger.warn('could not load the metadata of every subscribed topic; assigning the known ones', {
        error: describeError(error),
      });
    }
    const partitionsByTopic: Record<string, number[]> = {};
    for (const topic of allTopics) {
      const partitions = cluster.findTopicPartitionMetadata(topic).map((metadata) => metadata.partitionId);
      if (partitions.length > 0) partitionsByTopic[topic] = partitions;
    }
    const plan = assignRoundRobin(subscriptions, partitionsByTopic);
    return subscriptions.map(({ memberId }) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({
        version: 0,
        assignment: plan[memberId] ?? {},
        userData: Buffer.alloc(0),
      }),
    }));
  },
  protocol({ topics }) {
    return {
      name: ASSIGNER_NAME,
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    };
  },
});
