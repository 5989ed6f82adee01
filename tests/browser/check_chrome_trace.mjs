#!/usr/bin/env node
// Usage: check_chrome_trace.mjs TRACE.json
// The structural checks of a Chrome Trace Event file that viewers (Perfetto UI, chrome://tracing,
// speedscope) rely on and tracedoc promises (issue 14). Streams the file, so 100 MB traces are
// fine. Each violation is reported as `event N: [rule] what`, N the event's index in traceEvents;
// the rules:
//   top-level       a JSON object with a `traceEvents` array, `displayTimeUnit` ("ms" or "ns") and
//                   a `metadata` object
//   json            the file is JSON (the first syntax error, with its line and byte offset)
//   event           every event is an object with a string `ph` and a string `name`
//   ts              every event but metadata (`M`) has a numeric `ts`
//   three-decimals  every `ts` and `dur` is written with exactly three decimals (microseconds to
//                   the nanosecond, as Kineto writes them): the raw text, not the parsed number
//   x-dur           every complete event (`X`) has a numeric `dur` >= 0
//   integer-ids     `pid` (every event but global instants) and `tid` (events on a thread track)
//                   are integers
//   pairing         the `B` and `E` events of one (pid, tid) track pair up as a viewer pairs them:
//                   sorted by `ts` as parsed (a double; ties in file order), each `E` closes the
//                   innermost open `B`, which has its name and its args, and every `B` is closed
//   nesting         the slices of one (pid, tid) track (`X` events and `B`/`E` pairs) nest
//                   strictly: sorted by start (longer first on ties), each ends before the one it
//                   starts inside ends
//   counter-args    every counter (`C`) has an `args` object of one or more numeric members
//   metadata-name   every `process_name` / `thread_name` event has a string `args.name`
//   process-name    every pid used has a `process_name` metadata event
//   thread-name     every (pid, tid) with events on a thread track (X, B, E, thread instants) has
//                   a `thread_name` metadata event
import { CheckFailure, runCheck, UsageError } from './lib/check.mjs';
import { JsonFileReader, JsonSyntaxError, setMember } from './lib/json_stream.mjs';

const kName = 'check_chrome_trace';
const kShownViolations = 20;
const kThreeDecimals = /^-?[0-9]+\.[0-9]{3}$/;

// Nanoseconds, exactly, from microseconds written with three decimals ("12.345" is 12345n).
function nanoseconds(threeDecimalText) {
  return BigInt(threeDecimalText.replace('.', ''));
}

function isThreadScoped(event) {
  return ['X', 'B', 'E'].includes(event.ph) || (['i', 'I'].includes(event.ph) && (event.s ?? 't') === 't');
}

class TraceChecker {
  constructor() {
    this.violations = [];
    this.violationCount = 0;
    this.phaseCounts = new Map();
    this.tracks = new Map();           // "pid:tid" -> [{start, end, index, name}] of slices
    this.edges = new Map();            // "pid:tid" -> [{ph, ts, tsText, key, index, name}] of B and E
    this.processNames = new Set();     // pids
    this.threadNames = new Set();      // "pid:tid"
    this.pidsUsed = new Map();         // pid -> first event index
    this.threadsUsed = new Map();      // "pid:tid" -> first event index
  }

  violation(where, rule, what) {
    ++this.violationCount;
    if (this.violations.length < kShownViolations) this.violations.push(`${where}: [${rule}] ${what}`);
  }

  // One element of traceEvents; `raw` holds the text of its top-level numbers (ts, dur).
  checkEvent(event, raw, index) {
    const at = `event ${index}`;
    if (event === null || typeof event !== 'object' || Array.isArray(event)) {
      this.violation(at, 'event', `is ${JSON.stringify(event)}, not an object`);
      return;
    }
    const { ph } = event;
    if (typeof ph !== 'string' || ph === '') {
      this.violation(at, 'event', `has no string "ph"`);
      return;
    }
    this.phaseCounts.set(ph, (this.phaseCounts.get(ph) ?? 0) + 1);
    const global = (ph === 'i' || ph === 'I') && event.s === 'g';
    const label = `${ph} "${event.name}"`;
    if (typeof event.name !== 'string') this.violation(at, 'event', `(ph ${ph}) has no string "name"`);

    for (const field of ['ts', 'dur']) {
      if (field in event && typeof event[field] === 'number' && !kThreeDecimals.test(raw[field])) {
        this.violation(at, 'three-decimals', `${label}: ${field} is written ${raw[field]}, not with exactly three decimals`);
      }
    }
    if (ph !== 'M' && typeof event.ts !== 'number') this.violation(at, 'ts', `${label} has no numeric ts`);
    if (ph === 'X' && !(typeof event.dur === 'number' && event.dur >= 0)) {
      this.violation(at, 'x-dur', `complete event ${label} has no dur >= 0 (dur: ${'dur' in event ? JSON.stringify(event.dur) : 'absent'})`);
    }

    const pidOk = Number.isInteger(event.pid);
    const tidOk = Number.isInteger(event.tid);
    if (!global && !pidOk) this.violation(at, 'integer-ids', `${label}: pid ${JSON.stringify(event.pid)} is not an integer`);
    const onThread = isThreadScoped(event) || (ph === 'M' && event.name === 'thread_name');
    if (onThread && !tidOk) this.violation(at, 'integer-ids', `${label}: tid ${JSON.stringify(event.tid)} is not an integer`);
    const thread = `${event.pid}:${event.tid}`;

    if (ph === 'M') {
      if (event.name === 'process_name' || event.name === 'thread_name') {
        if (typeof event.args?.name !== 'string') this.violation(at, 'metadata-name', `${event.name} has no string args.name`);
        else if (event.name === 'process_name' && pidOk) this.processNames.add(event.pid);
        else if (event.name === 'thread_name' && pidOk && tidOk) this.threadNames.add(thread);
      }
      return;
    }
    if (pidOk && !global && !this.pidsUsed.has(event.pid)) this.pidsUsed.set(event.pid, index);
    if (pidOk && tidOk && isThreadScoped(event) && !this.threadsUsed.has(thread)) this.threadsUsed.set(thread, index);

    if (ph === 'C') {
      const args = event.args;
      const values = args && typeof args === 'object' && !Array.isArray(args) ? Object.entries(args) : [];
      if (values.length === 0) this.violation(at, 'counter-args', `counter ${label} has no args to plot`);
      for (const [key, value] of values) {
        if (typeof value !== 'number') this.violation(at, 'counter-args', `counter ${label}: args.${key} is ${JSON.stringify(value)}, not a number`);
      }
    }
    if (ph === 'X' && pidOk && tidOk && kThreeDecimals.test(raw.ts ?? '') && kThreeDecimals.test(raw.dur ?? '')) {
      const start = nanoseconds(raw.ts);
      this.addSlice(thread, { start, end: start + nanoseconds(raw.dur), index, name: event.name });
    }
    if ((ph === 'B' || ph === 'E') && pidOk && tidOk && kThreeDecimals.test(raw.ts ?? '')) {
      const edge = { ph, ts: event.ts, tsText: raw.ts, key: `${event.name} ${JSON.stringify(event.args)}`, index, name: event.name };
      const edges = this.edges.get(thread);
      if (edges) edges.push(edge);
      else this.edges.set(thread, [edge]);
    }
  }

  addSlice(thread, interval) {
    const track = this.tracks.get(thread);
    if (track) track.push(interval);
    else this.tracks.set(thread, [interval]);
  }

  // Pairs each track's B and E events as a viewer does, from the times it parses (doubles).
  checkPairs() {
    for (const [thread, edges] of this.edges) {
      edges.sort((a, b) => a.ts - b.ts);  // stable: ties keep the file's order
      const open = [];
      for (const edge of edges) {
        if (edge.ph === 'B') {
          open.push(edge);
          continue;
        }
        const begin = open.pop();
        if (!begin) {
          this.violation(`event ${edge.index}`, 'pairing', `E "${edge.name}" on track pid:tid ${thread} closes nothing`);
        } else if (begin.key !== edge.key) {
          this.violation(`event ${edge.index}`, 'pairing', `E ${edge.key} on track pid:tid ${thread} closes event ${begin.index}, B ${begin.key}`);
        } else {
          this.addSlice(thread, { start: nanoseconds(begin.tsText), end: nanoseconds(edge.tsText), index: begin.index, name: begin.name });
        }
      }
      for (const begin of open) {
        this.violation(`event ${begin.index}`, 'pairing', `B "${begin.name}" on track pid:tid ${thread} is never closed`);
      }
    }
  }

  checkNesting() {
    for (const [thread, intervals] of this.tracks) {
      intervals.sort((a, b) => (a.start !== b.start ? (a.start < b.start ? -1 : 1) : a.end !== b.end ? (a.end > b.end ? -1 : 1) : a.index - b.index));
      const open = [];
      for (const interval of intervals) {
        while (open.length && open[open.length - 1].end <= interval.start) open.pop();
        const parent = open[open.length - 1];
        if (parent && interval.end > parent.end) {
          this.violation(`event ${interval.index}`, 'nesting', `slice "${interval.name}" [${interval.start}, ${interval.end}) ns on track ` +
            `pid:tid ${thread} starts inside event ${parent.index} "${parent.name}" [${parent.start}, ${parent.end}) ns and ends after it`);
        }
        open.push(interval);
      }
    }
  }

  checkNames() {
    for (const [pid, index] of this.pidsUsed) {
      if (!this.processNames.has(pid)) this.violation(`event ${index}`, 'process-name', `pid ${pid} has no process_name metadata event`);
    }
    for (const [thread, index] of this.threadsUsed) {
      if (!this.threadNames.has(thread)) this.violation(`event ${index}`, 'thread-name', `pid:tid ${thread} has no thread_name metadata event`);
    }
  }
}

// Reads the top-level object, handing each element of traceEvents to the checker as it is read.
function readTrace(reader, checker) {
  const top = { traceEvents: false, displayTimeUnit: undefined, metadata: undefined, eventCount: 0 };
  if (reader.peek() !== 0x7b) throw new CheckFailure('top level: [top-level] the file is not a JSON object');
  reader.readObject((key) => {
    if (key !== 'traceEvents' || reader.peek() !== 0x5b) {
      top[key === 'traceEvents' ? 'badTraceEvents' : key] = reader.readValue();
      return;
    }
    top.traceEvents = true;
    reader.readArray((index) => {
      const raw = {};
      let event;
      if (reader.peek() === 0x7b) {
        event = {};
        reader.readObject((field) => {
          const value = reader.readValue();
          setMember(event, field, value);
          if (typeof value === 'number') raw[field] = reader.lastNumberText;
        });
      } else {
        event = reader.readValue();
      }
      checker.checkEvent(event, raw, index);
      top.eventCount = index + 1;
    });
  });
  reader.expectEnd();
  return top;
}

async function main() {
  const [tracePath] = process.argv.slice(2);
  if (!tracePath) throw new UsageError(`${kName}.mjs TRACE.json`);
  const checker = new TraceChecker();
  const reader = new JsonFileReader(tracePath);
  let top;
  try {
    top = readTrace(reader, checker);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new CheckFailure(`${tracePath}: [json] ${error.message}`);
    if (error instanceof CheckFailure) throw new CheckFailure(`${tracePath}: ${error.message}`);
    throw error;
  } finally {
    reader.close();
  }
  if (!top.traceEvents) checker.violation('top level', 'top-level', 'no traceEvents array');
  if (top.displayTimeUnit !== 'ns' && top.displayTimeUnit !== 'ms') {
    checker.violation('top level', 'top-level', `displayTimeUnit is ${JSON.stringify(top.displayTimeUnit)}, not "ns" or "ms"`);
  }
  if (!top.metadata || typeof top.metadata !== 'object' || Array.isArray(top.metadata)) {
    checker.violation('top level', 'top-level', 'no metadata object');
  }
  checker.checkPairs();
  checker.checkNesting();
  checker.checkNames();
  if (checker.violationCount) {
    const more = checker.violationCount - checker.violations.length;
    throw new CheckFailure(`${tracePath}: ${checker.violationCount} violation(s)\n  ` + checker.violations.join('\n  ') +
      (more ? `\n  … and ${more} more` : ''));
  }
  const phases = [...checker.phaseCounts].map(([ph, count]) => `${ph} ${count}`).join(', ');
  return `${tracePath}: ${top.eventCount} events (${phases}), ${checker.tracks.size} slice track(s), ${checker.processNames.size} process(es)`;
}

runCheck(kName, main);
