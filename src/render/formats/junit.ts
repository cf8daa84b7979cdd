// The JUnit format in the format registry: which commands render it, and with which renderer.
import type { OutputFormat } from './subjects.js';

export const junit = {
  name: 'junit',
  description: 'JUnit XML, for CI test reports',
  renders: {
    check: async (report) => {
      const { renderCheckJunit } = await import('../junit/check-junit.js');
      return renderCheckJunit(report);
    },
    status: async ({ report }) => {
      const { renderStatusJunit } = await import('../junit/status-junit.js');
      return renderStatusJunit(report);
    },
    everyEnvironment: async ({ command, runs }) => {
      const { renderAllJunit } = await import('../every-environment/combine-junit.js');
      return renderAllJunit(command, runs);
    },
  },
} as const satisfies OutputFormat<'junit'>;
