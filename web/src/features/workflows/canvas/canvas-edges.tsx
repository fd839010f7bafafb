/**
 * The arrows of the workflow canvas (spec 001 §2): a step path from a handle to a card, labelled by the branch's or
 * approval state's id when it leaves one (or 'Otherwise'), with a "+" in its middle that inserts an action there
 * (spec 001 §4 "Adding a node": on that edge's source handle, so the new node leads on to the edge's target).
 */
import { memo } from 'react';
import { Box } from '@mantine/core';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type Edge, type EdgeProps } from '@xyflow/react';
import * as copy from '@formloom/contracts/copy';
import { AddActionButton } from './add-action-popover';
import classes from './canvas.module.css';

/** The data of an edge: its label and the node id at its source (`undefined`: the trigger). */
export type WorkflowEdge = Edge<{ label?: string; sourceNodeId?: string; sourceHandle: string; insertable: boolean }, 'workflow'>;

/** One arrow; see the module doc. */
export const WorkflowEdgeView = memo(function WorkflowEdgeView(props: EdgeProps<WorkflowEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, data } = props;
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, borderRadius: 8 });
  const source = data?.sourceNodeId === undefined ? ({ kind: 'trigger' } as const) : ({ kind: 'node', nodeId: data.sourceNodeId, edgePath: data.sourceHandle } as const);
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} />
      <EdgeLabelRenderer>
        <Box
          className={`${classes.edgeLabel} nodrag nopan`}
          __vars={{ '--label-x': `${labelX}px`, '--label-y': `${labelY}px` }}
          data-testid="canvas-edge"
          data-edge-id={id}
          data-label={data?.label ?? ''}
        >
          {data?.label && (
            <span className={classes.edgeText} data-testid="edge-label">
              {data.label}
            </span>
          )}
          {data?.insertable && <AddActionButton source={source} label={copy.workflows.canvas.addActionBetween} testId={`edge:${id}`} />}
        </Box>
      </EdgeLabelRenderer>
    </>
  );
});

/** The edge components by React Flow edge type. */
export const EDGE_TYPES = { workflow: WorkflowEdgeView };
