/**
 * The trigger types (spec 001 §3 templates, §4 completeness and initial values, §5 "time before event and time until
 * abandoned must be above 0", §9 defaults) and the events the time-based ones start from (`form.progressed`, the
 * scheduling service's `event.booked` / `event.canceled` / `event.rescheduled`): what a user of the trigger picker
 * sees and what the engine is given.
 */
import { SERVICE_MANIFEST, manifestProblems } from '../src/services';
import { FormProgressedData } from '../src/events/form-progressed';
import { eventBooked } from '../src/events/event-booked';
import { eventCanceled } from '../src/events/event-canceled';
import { eventRescheduled } from '../src/events/event-rescheduled';
import { SchedulingEventData } from '../src/events/scheduling';
import { beforeEventStartsTrigger } from '../src/workflows/triggers/before-event-starts';
import { eventCanceledTrigger } from '../src/workflows/triggers/event-canceled';
import { eventRescheduledTrigger } from '../src/workflows/triggers/event-rescheduled';
import { formAbandonedTrigger } from '../src/workflows/triggers/form-abandoned';
import { schedulingPages } from '../src/workflows/triggers/scheduling-pages';
import { ziteExecutionTrigger } from '../src/workflows/triggers/zite-execution';
import { durationMs, formatDuration } from '../src/workflows/time-units';
import { exampleFormTemplate } from '../src/example-forms';
import type { FlowTemplate } from '../src/entities/flow-template';

describe('formAbandoned', () => {
  it('starts at 30 minutes on the form and reads "30 minutes after form abandoned"', () => {
    const template = formAbandonedTrigger.defaultTemplate({ flowPublicIdentifier: 'abc' });
    expect(template).toEqual({ flowPublicIdentifier: 'abc', sendAfterTime: 30, units: 'minutes' });
    expect(formAbandonedTrigger.status(template)).toEqual({ complete: true, description: '30 minutes after form abandoned' });
    expect(formAbandonedTrigger.status({ ...template, sendAfterTime: 1, units: 'hours' }).description).toBe('1 hour after form abandoned');
  });

  it('needs a time above 0, a unit and a form', () => {
    const template = formAbandonedTrigger.defaultTemplate({ flowPublicIdentifier: 'abc' });
    expect(formAbandonedTrigger.status({ ...template, sendAfterTime: 0 })).toEqual({ complete: false, description: 'Setup needed: Enter a time above 0' });
    expect(formAbandonedTrigger.status({ ...template, units: 'weeks' }).description).toBe('Setup needed: Choose minutes, hours or days');
    expect(formAbandonedTrigger.status({ ...template, flowPublicIdentifier: '' }).description).toBe('Setup needed: Choose a form for this trigger');
    expect(formAbandonedTrigger.status({ ...template, sendAfterTime: 400, units: 'days' }).description).toBe('Setup needed: Choose a time of at most 365 days');
    expect(formAbandonedTrigger.publishErrors({ template: { ...template, sendAfterTime: -1 } })).toEqual([
      { path: 'template.sendAfterTime', message: 'Enter a time above 0' },
    ]);
  });
});

describe('the event triggers', () => {
  const scheduling = (pages: string[]): FlowTemplate => {
    const form = exampleFormTemplate();
    for (const id of pages) (form.steps as Record<string, unknown>)[id] = { id, name: `Book ${id}`, type: 'scheduling', template: {}, nextStep: null };
    return form;
  };

  it('find the scheduling pages of a form (none in a plain form)', () => {
    expect(schedulingPages(exampleFormTemplate())).toEqual([]);
    expect(schedulingPages(scheduling(['a', 'b']))).toEqual([
      { stepId: 'a', name: 'Book a' },
      { stepId: 'b', name: 'Book b' },
    ]);
  });

  it('preselect the scheduling page only when there is exactly one', () => {
    expect(eventCanceledTrigger.defaultTemplate({ flowPublicIdentifier: 'abc', schedulingStepIds: ['a'] })).toEqual({ flowPublicIdentifier: 'abc', stepId: 'a' });
    expect(eventRescheduledTrigger.defaultTemplate({ flowPublicIdentifier: 'abc', schedulingStepIds: ['a', 'b'] }).stepId).toBeNull();
    expect(beforeEventStartsTrigger.defaultTemplate({ flowPublicIdentifier: 'abc', schedulingStepIds: ['a'] })).toEqual({
      flowPublicIdentifier: 'abc',
      stepId: 'a',
      beforeTime: 30,
      units: 'minutes',
    });
  });

  it('start beforeEventStarts at 30 minutes on a form and at 0 in the app builder', () => {
    expect(beforeEventStartsTrigger.defaultTemplate({ flowPublicIdentifier: 'abc' }).beforeTime).toBe(30);
    expect(beforeEventStartsTrigger.defaultTemplate({ flowPublicIdentifier: 'abc', flowType: 'zite' }).beforeTime).toBe(0);
  });

  it('need the time first, then a scheduling page', () => {
    const template = beforeEventStartsTrigger.defaultTemplate({ flowPublicIdentifier: 'abc' });
    expect(beforeEventStartsTrigger.status({ ...template, beforeTime: 0 }).description).toBe('Setup needed: Enter a time above 0');
    expect(beforeEventStartsTrigger.status(template).description).toBe('Setup needed: Choose a scheduling page');
    expect(beforeEventStartsTrigger.status({ ...template, stepId: 'a' })).toEqual({ complete: true, description: '30 minutes before the event starts' });
    expect(eventCanceledTrigger.status({ flowPublicIdentifier: 'abc', stepId: null }).description).toBe('Setup needed: Choose a scheduling page');
    expect(eventRescheduledTrigger.status({ flowPublicIdentifier: 'abc', stepId: 'a' })).toEqual({ complete: true, description: 'When an event is rescheduled' });
  });
});

describe('ziteExecution', () => {
  it('is always complete and keeps its inputs', () => {
    expect(ziteExecutionTrigger.status({ flowPublicIdentifier: 'abc', inputs: { email: 'string' } }).complete).toBe(true);
    expect(ziteExecutionTrigger.schema.parse({ flowPublicIdentifier: 'abc' })).toEqual({ flowPublicIdentifier: 'abc', inputs: {} });
  });
});

describe('time units', () => {
  it('measure minutes, hours and days (a day is 24 hours)', () => {
    expect(durationMs(30, 'minutes')).toBe(1_800_000);
    expect(durationMs(2, 'hours')).toBe(7_200_000);
    expect(durationMs(1, 'days')).toBe(86_400_000);
    expect(formatDuration(1, 'days')).toBe('1 day');
    expect(formatDuration(2, 'days')).toBe('2 days');
  });
});

describe('the trigger events (contract)', () => {
  const submission = {
    flowId: 7,
    flowPublicIdentifier: 'abc',
    flowName: 'Book a call',
    submissionId: '0190c9a4-7f00-7000-8000-000000000001',
    submissionTime: '2026-11-27T10:00:00.000Z',
    answers: { w1: 'Ada' },
    questions: [{ id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada', displayValue: 'Ada' }],
  };

  it('form.progressed is form.submitted with the last save and the page reached', () => {
    const data = FormProgressedData.parse({ ...submission, lastUpdatedAt: '2026-11-27T10:05:00.000Z', stepId: 'p2' });
    expect(data).toMatchObject({ submissionId: submission.submissionId, lastUpdatedAt: '2026-11-27T10:05:00.000Z', stepId: 'p2' });
    expect(FormProgressedData.safeParse(submission).success).toBe(false);
  });

  it('the scheduling events carry the booking form and the event, with times in ISO 8601', () => {
    const event = {
      bookingId: 'b1',
      title: 'Intro call',
      startTime: '2026-12-01T09:00:00+01:00',
      endTime: '2026-12-01T09:30:00+01:00',
      timeZone: 'Europe/Paris',
      invitee: { name: 'Ada', email: 'ada@example.com' },
      hosts: [{ name: 'Host', email: 'host@example.com', userId: 1 }],
    };
    for (const definition of [eventBooked, eventCanceled, eventRescheduled]) {
      expect(definition.data.safeParse({ ...submission, stepId: 'book', event }).success).toBe(true);
    }
    expect([eventBooked.type, eventCanceled.type, eventRescheduled.type]).toEqual(['event.booked', 'event.canceled', 'event.rescheduled']);
    expect(SchedulingEventData.safeParse({ ...submission, stepId: 'book', event: { ...event, startTime: 'tomorrow' } }).success).toBe(false);
    expect(SchedulingEventData.safeParse({ ...submission, event }).success).toBe(false);
  });

  it('the engine consumes the scheduling events ahead of the scheduling service, and flows publishes form.progressed', () => {
    expect(manifestProblems()).toEqual([]);
    const engine = SERVICE_MANIFEST.find((entry) => entry.name === 'workflows-engine')!;
    expect(engine.consumes).toEqual(expect.arrayContaining(['form.progressed', 'event.booked', 'event.canceled', 'event.rescheduled']));
    const flows = SERVICE_MANIFEST.find((entry) => entry.name === 'flows')!;
    expect(flows.publishes).toContain('form.progressed');
    const withoutPlan = SERVICE_MANIFEST.map((entry) => (entry.name === 'workflows-engine' ? { ...entry, consumes: [...entry.consumes, 'event.unknown'] } : entry));
    expect(manifestProblems(withoutPlan)).toEqual(['workflows-engine consumes event.unknown, which no service of the manifest publishes']);
  });
});
