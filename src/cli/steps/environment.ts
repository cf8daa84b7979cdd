// Choosing an environment (--env, MONITORS_ENV) is the workspace opener's (src/workspace/environment.ts);
// the commands' option lines name it here.
export {
  apiOptionsFor,
  checkEnvironmentChoice,
  requestedEnvironment,
  type EnvironmentRequest,
} from '../../workspace/environment.js';
