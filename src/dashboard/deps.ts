import type { Runtime } from '../runtime';
import type { Mailer } from './mailer';
import type { SessionSettings } from './sessions';
import type { SignInThrottle } from './signin-throttle';

/** What the dashboard's pages work with: the process's runtime and the dashboard's own services. */
export interface DashboardDeps {
  rt: Runtime;
  sessions: SessionSettings;
  throttle: SignInThrottle;
  /** Null without SMTP_URL: no mail, no self-service password reset. */
  mailer: Mailer | null;
}
