/**
 * Shared load profiles (after grafana/quickpizza/k6 `lib/load-options.js`): smoke, average, stress, spike and
 * soak, as k6 scenario options with ARRIVAL-RATE executors — an open model: submissions keep coming at the
 * planned rate whether or not the system keeps up, as respondents do. When every pre-allocated VU is busy
 * (the system slowed down), k6 starts more up to `maxVUs`, then drops iterations and counts them in
 * `dropped_iterations` (main.js puts a threshold on it: a run that did not generate its load fails).
 *
 * `rate` is the planned steady rate in submissions per second (`-e RATE=…`, default {@link DEFAULT_RATE}):
 *
 * | profile | executor | shape |
 * | --- | --- | --- |
 * | smoke   | constant-arrival-rate | 5/s for 1 min (ignores `rate`): does the scenario work at all? |
 * | average | constant-arrival-rate | `rate` for 10 min |
 * | stress  | constant-arrival-rate | 1.5 × `rate` for 10 min |
 * | spike   | ramping-arrival-rate  | `rate`/5 for 1 min, up to 3 × `rate` in 10 s, hold 1 min, back down in 10 s, `rate`/5 for 2 min |
 * | soak    | constant-arrival-rate | `rate` for 2 h |
 *
 * `-e DURATION=…` (a k6 duration such as `90s`) replaces the duration of the constant profiles, or the
 * hold at the peak of `spike`, for rehearsals.
 */

/** The default planned rate (submissions/s): the target of 1,000 submission-triggered runs/s. */
export const DEFAULT_RATE = 1000;

/** The profiles this module knows. */
export const PROFILES = ['smoke', 'average', 'stress', 'spike', 'soak'];

/**
 * The shape of a profile: either a constant rate for a duration, or ramping stages (targets in iterations/s).
 * @param {string} profile one of {@link PROFILES}
 * @param {number} rate planned steady rate (iterations/s)
 * @param {string | undefined} duration duration override (k6 duration string)
 * @returns {{ kind: 'constant', rate: number, duration: string } |
 *           { kind: 'ramping', startRate: number, stages: { duration: string, target: number }[] }}
 * @throws Error for an unknown profile
 */
export function shapeOf(profile, rate, duration) {
  const r = (factor) => Math.max(1, Math.round(rate * factor));
  switch (profile) {
    case 'smoke':
      return { kind: 'constant', rate: 5, duration: duration || '1m' };
    case 'average':
      return { kind: 'constant', rate: r(1), duration: duration || '10m' };
    case 'stress':
      return { kind: 'constant', rate: r(1.5), duration: duration || '10m' };
    case 'soak':
      return { kind: 'constant', rate: r(1), duration: duration || '2h' };
    case 'spike':
      return {
        kind: 'ramping',
        startRate: r(0.2),
        stages: [
          { duration: '1m', target: r(0.2) },
          { duration: '10s', target: r(3) },
          { duration: duration || '1m', target: r(3) },
          { duration: '10s', target: r(0.2) },
          { duration: '2m', target: r(0.2) },
        ],
      };
    default:
      throw new Error(`unknown PROFILE "${profile}"; use one of ${PROFILES.join(', ')}`);
  }
}

/**
 * Seconds in a k6 duration string such as `90s`, `10m`, `2h` or `1m30s`.
 * @param {string} duration
 * @returns {number}
 */
export function seconds(duration) {
  const units = { h: 3600, m: 60, s: 1 };
  let total = 0;
  const pattern = /(\d+(?:\.\d+)?)(h|m|s)/g;
  let match;
  while ((match = pattern.exec(duration)) !== null) total += Number(match[1]) * units[match[2]];
  return total;
}

/**
 * Total duration of a shape, in seconds.
 * @param {ReturnType<typeof shapeOf>} shape
 * @returns {number}
 */
export function totalSeconds(shape) {
  if (shape.kind === 'constant') return seconds(shape.duration);
  return shape.stages.reduce((sum, stage) => sum + seconds(stage.duration), 0);
}

/**
 * How many iterations a shape plans (a ramping stage goes linearly from the previous target to its own).
 * @param {ReturnType<typeof shapeOf>} shape
 * @returns {number}
 */
export function plannedIterations(shape) {
  if (shape.kind === 'constant') return Math.round(shape.rate * seconds(shape.duration));
  let from = shape.startRate;
  let total = 0;
  for (const stage of shape.stages) {
    total += ((from + stage.target) / 2) * seconds(stage.duration);
    from = stage.target;
  }
  return Math.round(total);
}

/** The highest rate of a shape (iterations/s). */
export function peakRate(shape) {
  if (shape.kind === 'constant') return shape.rate;
  return Math.max(shape.startRate, ...shape.stages.map((stage) => stage.target));
}

/**
 * The k6 scenario that runs `exec` along a profile. VUs: enough for the peak rate at the expected iteration
 * time (`iterationS`, default 0.05 s) twice over, and up to four times that when the system slows down.
 * @param {object} input
 * @param {string} input.profile one of {@link PROFILES}
 * @param {number} input.rate planned steady rate (iterations/s)
 * @param {string} input.exec the exported function to run
 * @param {string} [input.duration] duration override (k6 duration string)
 * @param {number} [input.iterationS] expected duration of one iteration (seconds)
 * @returns {object} a k6 scenario (`exec`, executor and its options)
 */
export function profileScenario(input) {
  const shape = shapeOf(input.profile, input.rate, input.duration);
  const preAllocatedVUs = Math.max(2, Math.ceil(peakRate(shape) * (input.iterationS ?? 0.05) * 2));
  const vus = { preAllocatedVUs, maxVUs: preAllocatedVUs * 4 };
  if (shape.kind === 'constant') {
    return { executor: 'constant-arrival-rate', exec: input.exec, rate: shape.rate, timeUnit: '1s', duration: shape.duration, ...vus };
  }
  return {
    executor: 'ramping-arrival-rate',
    exec: input.exec,
    startRate: shape.startRate,
    timeUnit: '1s',
    stages: shape.stages,
    ...vus,
  };
}

/**
 * A `constant-arrival-rate` scenario that runs `exec` at `rate` per second for `durationS` seconds, with VUs
 * for iterations lasting up to `iterationS` seconds (a follower polling until its run completes).
 * @param {object} input
 * @param {string} input.exec
 * @param {number} input.rate iterations per second
 * @param {number} input.durationS
 * @param {number} input.iterationS longest expected iteration (seconds)
 * @returns {object} a k6 scenario
 */
export function followScenario(input) {
  const preAllocatedVUs = Math.max(2, Math.ceil(input.rate * input.iterationS) + 2);
  return {
    executor: 'constant-arrival-rate',
    exec: input.exec,
    rate: input.rate,
    timeUnit: '1s',
    duration: `${Math.max(1, Math.round(input.durationS))}s`,
    preAllocatedVUs,
    maxVUs: preAllocatedVUs * 2,
  };
}
