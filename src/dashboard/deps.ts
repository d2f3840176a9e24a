import type { Runtime } from '../runtime';
import type { SessionSettings } from './sessions';
import type { SignInThrottle } from './signin-throttle';

/** What the dashboard's pages work with: the process's runtime and the dashboard's own services. */
export interface DashboardDeps {
  rt: Runtime;
  sessions: SessionSettings;
  throttle: SignInThrottle;
}
