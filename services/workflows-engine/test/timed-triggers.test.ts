/**
 * The time-based and event triggers (spec 001 §3, §4; docs/architecture.md "Time-based triggers") with the real
 * flows service and engine on one in-process bus:
 * - formAbandoned: a respondent's saved progress arms ONE waiting run due `sendAfterTime` after their last save;
 *   another save moves it; finishing the form drops it; once due it runs once with the answers so far, and a run
 *   that comes due although the form was finished (the drop raced) asks flows and is dropped;
 * - beforeEventStarts / eventCanceled / eventRescheduled: the scheduling service's events (published here on the bus
 *   as the scheduling service will) arm, move and drop reminder runs and queue the event runs.
 * "Time passes" by moving a waiting run's due time to now in the engine's database: no test waits for a clock.
 */
import { sql } from 'drizzle-orm';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { EVENT_BOOKED } from '@formloom/contracts/events/event-booked';
import { EVENT_CANCELED } from '@formloom/contracts/events/event-canceled';
import { EVENT_RESCHEDULED } from '@formloom/contracts/events/event-rescheduled';
import { SCHEDULING_EVENT_VERSION, type SchedulingEventData } from '@formloom/contracts/events/scheduling';
import { uuidv7 } from '@formloom/kit/ids';
import { endpointRequest } from '@formloom/kit/testing';
import { engineSql, eventually, liveWorkflow, mailOf, runsOf, setup, WS, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

/** Two pages: About you (Name w1, Email w2) → Plan (w3) → the ending. */
function twoPageForm(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'About you',
        type: 'form',
        template: {
          widgets: [
            { id: 'w1', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true } },
            { id: 'w2', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: true } },
          ],
        },
        nextStep: { defaultNextStep: 'p2' },
      },
      p2: {
        id: 'p2',
        name: 'Plan',
        type: 'form',
        template: { widgets: [{ id: 'w3', name: 'Plan', type: 'ShortAnswer', template: { label: 'Plan', required: true } }] },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks!', body: 'See you.' }, nextStep: null },
    },
  };
}

async function publishedTwoPageForm(): Promise<string> {
  const created = await h.flows.app.inject(
    endpointRequest(createFlow, { headers: h.headers.writer, body: { workspaceId: WS.main, name: 'Signup', flowTemplate: twoPageForm() } }),
  );
  const { publicIdentifier } = created.json<{ flow: { publicIdentifier: string } }>().flow;
  const published = await h.flows.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier }, headers: h.headers.writer }));
  expect(published.statusCode).toBe(200);
  return publicIdentifier;
}

/** formAbandoned after 10 minutes → an email to the respondent's answer w2 with their name in the subject. */
function abandonedWorkflow(flowPublicIdentifier: string, sendAfterTime = 10): WorkflowTemplate {
  return {
    trigger: { type: 'formAbandoned', template: { flowPublicIdentifier, sendAfterTime, units: 'minutes' }, nextNodeId: 'n1' },
    nodes: {
      n1: {
        type: 'email',
        nextNodeId: null,
        template: {
          email: { subject: 'Come back, {{answers.w1}}', from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'You left.' }] },
          recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] },
        },
      },
    },
  };
}

/** Saves progress as a respondent; returns the progress id and token. */
async function save(form: string, answers: Record<string, unknown>, stepId: string, progress?: { progressId: string; progressToken: string }) {
  const response = await h.flows.app.inject(endpointRequest(saveProgress, { params: { publicIdentifier: form }, body: { answers, stepId, ...progress } }));
  expect(response.statusCode).toBe(200);
  const saved = response.json<{ progress: { progressId: string; progressToken?: string } }>().progress;
  return { progressId: saved.progressId, progressToken: saved.progressToken ?? progress?.progressToken ?? '' };
}

/** The engine's run rows of a workflow: id, status, due time, whether it started. */
async function runRows(workflowId: string) {
  return engineSql(h, sql`SELECT id, status, due_at, started_at, submission_id FROM workflow_runs WHERE workflow_id = ${workflowId} ORDER BY created_at`);
}

/** Moves every waiting run of a workflow to due now (the wait has passed). */
async function timePasses(workflowId: string): Promise<void> {
  await engineSql(h, sql`UPDATE workflow_runs SET due_at = now() WHERE workflow_id = ${workflowId} AND status = 'waiting'`);
}

describe('formAbandoned', () => {
  it('arms one waiting run per respondent, moves it with each save, and fires it once with the answers so far', async () => {
    const form = await publishedTwoPageForm();
    const workflowId = await liveWorkflow(h, abandonedWorkflow(form));
    const progress = await save(form, { w1: 'Ada', w2: 'ada@example.com' }, 'p2');
    const [armed] = await eventually(() => runRows(workflowId), (rows) => rows.length === 1, 'the armed run');
    expect(armed).toMatchObject({ status: 'waiting', started_at: null, submission_id: progress.progressId });
    const firstDue = new Date(armed!.due_at as string).getTime();
    // Ten minutes after the save (the test's own clock and the database's agree within seconds).
    expect(firstDue - Date.now()).toBeGreaterThan(9 * 60_000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await save(form, { w1: 'Ada', w2: 'ada@example.com' }, 'p2', progress);
    const moved = await eventually(() => runRows(workflowId), (rows) => new Date(rows[0]!.due_at as string).getTime() > firstDue, 'the moved run');
    expect(moved).toHaveLength(1);

    await timePasses(workflowId);
    await eventually(() => runsOf(h, workflowId), (page) => page.runs[0]?.status === 'succeeded', 'the abandoned run');
    const mail = await mailOf(h);
    expect(mail.messages.filter((message) => message.subject === 'Come back, Ada')).toHaveLength(1);
    expect(mail.messages.find((message) => message.subject === 'Come back, Ada')?.to).toEqual(['ada@example.com']);

    // A later save of the same respondent does not fire it again.
    await save(form, { w1: 'Ada', w2: 'ada@example.com' }, 'p2', progress);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await runRows(workflowId)).toHaveLength(1);
  });

  it('drops the waiting run when the respondent finishes the form', async () => {
    const form = await publishedTwoPageForm();
    const workflowId = await liveWorkflow(h, abandonedWorkflow(form));
    const progress = await save(form, { w1: 'Grace', w2: 'grace@example.com' }, 'p2');
    await eventually(() => runRows(workflowId), (rows) => rows.length === 1, 'the armed run');
    const finished = await h.flows.app.inject(
      endpointRequest(submitAnswers, { params: { publicIdentifier: form }, body: { answers: { w1: 'Grace', w2: 'grace@example.com', w3: 'Pro' }, ...progress } }),
    );
    expect(finished.statusCode).toBe(201);
    await eventually(() => runRows(workflowId), (rows) => rows.length === 0, 'the dropped run');
  });

  it('drops a run that comes due although the form was finished meanwhile (flows is asked first)', async () => {
    const form = await publishedTwoPageForm();
    const workflowId = await liveWorkflow(h, abandonedWorkflow(form));
    const progress = await save(form, { w1: 'Alan', w2: 'alan@example.com' }, 'p2');
    const [armed] = await eventually(() => runRows(workflowId), (rows) => rows.length === 1, 'the armed run');
    // The form is finished, but the run is kept as if `form.submitted` had not reached the engine yet.
    await engineSql(h, sql`UPDATE workflow_runs SET submission_id = NULL WHERE id = ${armed!.id as string}`);
    const finished = await h.flows.app.inject(
      endpointRequest(submitAnswers, { params: { publicIdentifier: form }, body: { answers: { w1: 'Alan', w2: 'alan@example.com', w3: 'Free' }, ...progress } }),
    );
    expect(finished.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runRows(workflowId)).toHaveLength(1);
    await timePasses(workflowId);
    await eventually(() => runRows(workflowId), (rows) => rows.length === 0, 'the run dropped at its start');
    expect((await mailOf(h)).messages.some((message) => message.subject === 'Come back, Alan')).toBe(false);
  });

  it('refuses a formAbandoned trigger without a time above 0', async () => {
    const form = await publishedTwoPageForm();
    const response = await h.engine.app.inject({
      method: 'POST',
      url: '/admin/workflows',
      headers: h.headers.writer,
      payload: { name: 'Nudge', isHidden: false, template: abandonedWorkflow(form, 0) },
    });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<{ workflow: { id: string } }>();
    const published = await h.engine.app.inject({
      method: 'POST',
      url: '/admin/workflows/publish',
      headers: h.headers.writer,
      payload: { id: workflow.id, template: abandonedWorkflow(form, 0) },
    });
    expect(published.statusCode).toBe(400);
    expect(published.json<{ error: { message: string } }>().error.message).toBe('Enter a time above 0');
  });
});

describe('scheduling triggers', () => {
  /** A scheduling event's data on `form`'s scheduling page `book`, starting `startInMinutes` from now. */
  function eventData(form: string, bookingId: string, startInMinutes: number, extra: Partial<SchedulingEventData['event']> = {}): SchedulingEventData {
    const start = new Date(Date.now() + startInMinutes * 60_000);
    return {
      flowId: 1,
      flowPublicIdentifier: form,
      flowName: 'Book a call',
      submissionId: uuidv7(),
      submissionTime: new Date().toISOString(),
      answers: {},
      questions: [],
      stepId: 'book',
      event: {
        bookingId,
        title: 'Intro call',
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        timeZone: 'Europe/Paris',
        invitee: { name: 'Ada', email: 'ada@example.com' },
        hosts: [{ name: 'Host', email: 'host@example.com', userId: 1 }],
        ...extra,
      },
    };
  }

  async function publish(type: string, data: SchedulingEventData): Promise<void> {
    await h.bus.publish([
      {
        id: uuidv7(),
        type,
        version: SCHEDULING_EVENT_VERSION,
        occurredAt: new Date().toISOString(),
        key: data.event.bookingId,
        tenant: { organizationId: 1, workspaceId: WS.main },
        data,
      },
    ]);
  }

  function emailTo(address: { var: string }, subject: string): WorkflowTemplate['nodes'][string] {
    return {
      type: 'email',
      nextNodeId: null,
      template: {
        email: { subject, from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi' }] },
        recipients: { type: 'picker', list: [{ email: address }] },
      },
    };
  }

  it('arms a reminder before the event, moves it when the event moves, and drops it when it is canceled', async () => {
    const form = await publishedTwoPageForm();
    const workflowId = await liveWorkflow(h, {
      trigger: { type: 'beforeEventStarts', template: { flowPublicIdentifier: form, stepId: 'book', beforeTime: 30, units: 'minutes' }, nextNodeId: 'n1' },
      nodes: { n1: emailTo({ var: 'event.invitee.email' }, 'Soon') },
    });
    await publish(EVENT_BOOKED, eventData(form, 'b1', 120));
    const [armed] = await eventually(() => runRows(workflowId), (rows) => rows.length === 1, 'the reminder');
    const due = new Date(armed!.due_at as string).getTime();
    expect(Math.abs(due - (Date.now() + 90 * 60_000))).toBeLessThan(60_000);

    await publish(EVENT_RESCHEDULED, eventData(form, 'b1', 300));
    const [moved] = await eventually(
      () => runRows(workflowId),
      (rows) => rows.length === 1 && new Date(rows[0]!.due_at as string).getTime() > due + 60 * 60_000,
      'the moved reminder',
    );
    expect(moved!.status).toBe('waiting');

    await publish(EVENT_CANCELED, eventData(form, 'b1', 300));
    await eventually(() => runRows(workflowId), (rows) => rows.length === 0, 'the dropped reminder');
  });

  it('sends the reminder at once for an event booked closer than its time, and none for one that started', async () => {
    const form = await publishedTwoPageForm();
    const workflowId = await liveWorkflow(h, {
      trigger: { type: 'beforeEventStarts', template: { flowPublicIdentifier: form, stepId: 'book', beforeTime: 1, units: 'hours' }, nextNodeId: 'n1' },
      nodes: { n1: emailTo({ var: 'event.invitee.email' }, 'Starting soon') },
    });
    await publish(EVENT_BOOKED, eventData(form, 'b2', 10));
    await publish(EVENT_BOOKED, eventData(form, 'b3', -5));
    await eventually(() => runsOf(h, workflowId), (page) => page.runs[0]?.status === 'succeeded', 'the immediate reminder');
    expect((await runRows(workflowId)).length).toBe(1);
  });

  it('runs eventCanceled and eventRescheduled workflows once per event of their scheduling page', async () => {
    const form = await publishedTwoPageForm();
    const canceled = await liveWorkflow(h, {
      trigger: { type: 'eventCanceled', template: { flowPublicIdentifier: form, stepId: 'book' }, nextNodeId: 'n1' },
      nodes: { n1: emailTo({ var: 'event.hosts.0.email' }, 'Canceled') },
    });
    const rescheduled = await liveWorkflow(h, {
      trigger: { type: 'eventRescheduled', template: { flowPublicIdentifier: form, stepId: 'book' }, nextNodeId: 'n1' },
      nodes: { n1: emailTo({ var: 'event.hosts.0.email' }, 'Moved') },
    });
    await publish(EVENT_RESCHEDULED, eventData(form, 'b4', 60));
    await publish(EVENT_RESCHEDULED, eventData(form, 'b4', 90));
    await publish(EVENT_CANCELED, eventData(form, 'b4', 90));
    // Another scheduling page's event starts nothing.
    await publish(EVENT_CANCELED, { ...eventData(form, 'b5', 90), stepId: 'other' });
    await eventually(() => runsOf(h, rescheduled), (page) => page.runs.filter((run) => run.status === 'succeeded').length === 2, 'two rescheduled runs');
    await eventually(() => runsOf(h, canceled), (page) => page.runs.filter((run) => run.status === 'succeeded').length === 1, 'one canceled run');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await runsOf(h, canceled)).runs).toHaveLength(1);
  });
});
