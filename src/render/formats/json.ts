// The JSON format in the format registry: which commands render it, and with which renderer.
import type { OutputFormat } from './subjects.js';

export const json = {
  name: 'json',
  description: 'one versioned JSON document, for programs',
  renders: {
    plan: async (plan) => {
      const { renderPlanJson } = await import('../plan-json.js');
      return renderPlanJson(plan);
    },
    apply: async ({ result, located, wait, environment }) => {
      const { renderApplyJson } = await import('../apply-json.js');
      return renderApplyJson(result, located, wait, environment);
    },
    check: async (report) => {
      const { renderCheckJson } = await import('../check-json.js');
      return renderCheckJson(report);
    },
    status: async ({ report }) => {
      const { renderStatusJson } = await import('../status-json.js');
      return renderStatusJson(report);
    },
    validation: async ({ summary }) => {
      const { validationReport } = await import('../diagnostics.js');
      return `${JSON.stringify(validationReport(summary), null, 2)}\n`;
    },
    environments: async (entries) => {
      const { renderEnvironmentsJson } = await import('../environments.js');
      return renderEnvironmentsJson(entries);
    },
    lock: async (view) => {
      const { renderLockListJson } = await import('../lock-json.js');
      return renderLockListJson(view);
    },
    lockRecord: async (view) => {
      const { renderLockShowJson } = await import('../lock-json.js');
      return renderLockShowJson(view);
    },
    discovery: async (output) => {
      const { renderDiscoveryJson } = await import('../discover-json.js');
      return renderDiscoveryJson(output);
    },
    coverage: async ({ report }) => {
      const { renderCoverageJson } = await import('../discover-json.js');
      return renderCoverageJson(report);
    },
    everyEnvironment: async ({ command, runs, exitCode }) => {
      const { renderAllJson } = await import('../every-environment/combine.js');
      return renderAllJson(command, runs, exitCode);
    },
  },
} as const satisfies OutputFormat<'json'>;
