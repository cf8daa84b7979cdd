// The registry of output formats: which formats each subject offers, how a --format value is
// chosen or refused, and that each chosen format reaches its own renderer.
import { describe, expect, it } from 'vitest';
import { MonitorsError } from '../../../src/errors.js';
import { renderEnvironmentsJson, renderEnvironmentsText } from '../../../src/render/environments.js';
import { chooseFormat, formatHelp, formatsOf, OUTPUT_FORMATS, renderAs } from '../../../src/render/formats/registry.js';
import type { Subject } from '../../../src/render/formats/subjects.js';
import { renderPlanJson } from '../../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../../src/render/plan-markdown.js';
import { renderPlanText } from '../../../src/render/plan-text.js';
import { mixedPlan } from '../sample-plans.js';

const SUBJECTS: Subject[] = ['plan', 'apply', 'check', 'status', 'validation', 'environments', 'lock', 'lockRecord'];

function refusal(subject: Subject, value: string): MonitorsError {
  try {
    chooseFormat(subject, value);
  } catch (error) {
    if (error instanceof MonitorsError) return error;
    throw error;
  }
  throw new Error(`${value} was accepted for ${subject}`);
}

describe('the registry of output formats', () => {
  it('names each format once, and each has a line for --help', () => {
    const names = OUTPUT_FORMATS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of OUTPUT_FORMATS) expect(f.description).toMatch(/\S/);
  });

  it('offers each subject the formats that render it, text first (the default)', () => {
    for (const subject of SUBJECTS) expect(formatsOf(subject).map((f) => f.name)[0]).toBe('text');
    expect(formatsOf('plan').map((f) => f.name)).toEqual(expect.arrayContaining(['text', 'markdown', 'json']));
    expect(formatsOf('check').map((f) => f.name)).toEqual(expect.arrayContaining(['text', 'markdown', 'json']));
    expect(formatsOf('status').map((f) => f.name)).toEqual(expect.arrayContaining(['text', 'markdown', 'json']));
    for (const subject of ['apply', 'validation', 'environments', 'lock', 'lockRecord'] as const)
      expect(formatsOf(subject).map((f) => f.name)).toContain('json');
    expect(formatsOf('apply').map((f) => f.name)).not.toContain('markdown');
  });

  it('chooses each offered format by its name', () => {
    for (const subject of SUBJECTS)
      for (const f of formatsOf(subject)) expect(chooseFormat(subject, f.name)).toBe(f.name);
  });

  it('refuses any other value with BAD_OPTION and the list the subject offers', () => {
    for (const subject of SUBJECTS) {
      const offered = formatsOf(subject).map((f) => f.name);
      for (const value of [
        'yaml',
        'JSON',
        '',
        ' text',
        ...OUTPUT_FORMATS.map((f) => f.name).filter((n) => !offered.includes(n)),
      ]) {
        const error = refusal(subject, value);
        expect(error.code).toBe('BAD_OPTION');
        expect(error.exitCode).toBe(1);
        for (const name of offered) expect(error.message).toContain(name);
        expect(error.message).toContain(`not ${JSON.stringify(value)}`);
      }
    }
    expect(refusal('apply', 'xml').message).toBe('--format must be text or json, not "xml"');
  });

  it('quotes a refused value as a JSON string, cut at 40 characters (no control character reaches the terminal)', () => {
    const message = refusal('plan', `x\u001b[31m${'y'.repeat(60)}`).message;
    expect(message).not.toContain('\u001b');
    expect(message).toContain('"x\\u001b[31m');
    expect(message.length).toBeLessThan(120);
  });

  it("sends each format to its own renderer of the subject's data", async () => {
    const plan = mixedPlan();
    expect(await renderAs('text', 'plan', plan, { color: true })).toBe(renderPlanText(plan, { color: true }));
    expect(await renderAs('text', 'plan', plan, { color: false })).toBe(renderPlanText(plan, { color: false }));
    expect(await renderAs('markdown', 'plan', plan, { color: false })).toBe(renderPlanMarkdown(plan));
    expect(await renderAs('json', 'plan', plan, { color: false })).toBe(renderPlanJson(plan));
    const entries = [{ name: 'prod', token_env: 'PROD_TOKEN', api_url: null, lock_file: 'a.lock.json', monitors: 2 }];
    expect(await renderAs('json', 'environments', entries, { color: false })).toBe(renderEnvironmentsJson(entries));
    expect(await renderAs('text', 'environments', entries, { color: false })).toBe(renderEnvironmentsText(entries));
  });

  it('lists every offered format in the --help line, in order, with what it is for', () => {
    for (const subject of SUBJECTS) {
      const help = formatHelp(subject);
      const offered = formatsOf(subject);
      const at = offered.map((f) => help.indexOf(`${f.name} (${f.description})`));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
    expect(formatHelp('apply', 'a note')).toMatch(/; a note$/);
  });
});
