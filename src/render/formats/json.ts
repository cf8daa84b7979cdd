import { renderApplyJson } from '../apply-json.js';
import { renderCheckJson } from '../check-json.js';
import { validationReport } from '../diagnostics.js';
import { renderEnvironmentsJson } from '../environments.js';
import { renderLockListJson, renderLockShowJson } from '../lock-json.js';
import { renderPlanJson } from '../plan-json.js';
import { renderStatusJson } from '../status-json.js';
import type { OutputFormat } from './subjects.js';

export const json = {
  name: 'json',
  description: 'one versioned JSON document, for programs',
  renders: {
    plan: (plan) => renderPlanJson(plan),
    apply: ({ result, located, wait, environment }) => renderApplyJson(result, located, wait, environment),
    check: (report) => renderCheckJson(report),
    status: ({ report }) => renderStatusJson(report),
    validation: ({ summary }) => `${JSON.stringify(validationReport(summary), null, 2)}\n`,
    environments: (entries) => renderEnvironmentsJson(entries),
    lock: (view) => renderLockListJson(view),
    lockRecord: (view) => renderLockShowJson(view),
  },
} as const satisfies OutputFormat<'json'>;
