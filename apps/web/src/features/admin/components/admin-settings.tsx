import { EMAILS_PER_ADDRESS_PER_HOUR, PASSWORD_CHANGES_PER_WINDOW } from '@lunara/shared/auth';
import { Database, ExternalLink, ServerCog, Settings, ShieldCheck, TriangleAlert } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useAdminSettings, useAuditLog } from '../api/admin-api.ts';
import { auditEntryText } from './audit-entry-text.ts';
import { CancellationCard } from './cancellation-card.tsx';
import { EmailTemplatesCard } from './email-templates-card.tsx';
import { PostingRulesCard } from './posting-rules-card.tsx';
import { StorageCard } from './storage-card.tsx';

function AuditLog() {
  const audit = useAuditLog();
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="flex flex-col gap-3 lg:col-span-2">
      <h3 className="text-xl text-night-900">Audit Log</h3>
      {audit.isPending && <Spinner className="text-gold-500" />}
      {audit.isSuccess && items.length === 0 && (
        <p className="text-sm text-ink-muted">No admin or moderator actions yet.</p>
      )}
      <ul className="flex flex-col divide-y divide-line text-sm">
        {items.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-semibold">{entry.actorName}</span> {auditEntryText(entry)}
            </span>
            <span className="text-xs text-ink-muted">{relativeTime(entry.createdAt)}</span>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={audit} />
    </Card>
  );
}

/** The spec's "v1.0": major and minor of the deployed version (1.0.0), as members read versions. */
export const displayVersion = (version: string) => `v${version.split('.').slice(0, 2).join('.')}`;

/** What the server warned about at start: shown first, since each is something to fix (or chosen knowingly). */
export function DeploymentWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Card role="alert" className="flex flex-col gap-2 border-2 border-danger lg:col-span-2">
      <h3 className="flex items-center gap-2 text-xl text-danger">
        <TriangleAlert className="size-5" aria-hidden="true" /> Warnings
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </Card>
  );
}

/** Settings with the deployment's real values (decisions.md section 8). */
export function AdminSettings() {
  const settings = useAdminSettings();
  if (settings.isPending) return <Spinner className="text-gold-500" />;
  if (settings.isError) return <LoadError message="Failed to load settings" query={settings} />;
  const s = settings.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <DeploymentWarnings warnings={s.warnings} />
      <PostingRulesCard />
      <CancellationCard />
      <Card className="flex flex-col gap-3">
        <h3 className="flex items-center gap-2 text-xl text-night-900">
          <Database className="size-5 text-rose-600" aria-hidden="true" /> Database Management
        </h3>
        <p className="text-sm text-ink-muted">
          {s.database === 'embedded'
            ? 'Embedded PostgreSQL (PGlite) in the data folder.'
            : 'PostgreSQL server (DATABASE_URL).'}{' '}
          Backups: see the README.
        </p>
        <Button asChild variant="outline" className="self-start">
          <a href="/api/docs" target="_blank" rel="noopener noreferrer">
            <ExternalLink className="size-4" aria-hidden="true" /> Open the API reference
          </a>
        </Button>
      </Card>
      <Card className="flex flex-col gap-3">
        <h3 className="flex items-center gap-2 text-xl text-night-900">
          <ShieldCheck className="size-5 text-rose-600" aria-hidden="true" /> Security Settings
        </h3>
        <ul className="flex flex-col gap-1 text-sm">
          <li>Passwords: at least {s.passwordMinLength} characters, hashed with scrypt.</li>
          <li>
            Sign-in, sign-up, password reset and verification emails: {s.authRateLimitPerMinute} attempts a minute per
            client; at most {EMAILS_PER_ADDRESS_PER_HOUR} emails an hour to one address;{' '}
            {PASSWORD_CHANGES_PER_WINDOW.max} password changes in {PASSWORD_CHANGES_PER_WINDOW.minutes} minutes per
            member.
          </li>
          <li>Leaked-password checks: not enabled (no external service is contacted).</li>
          <li>Sessions: HTTP-only cookies; cross-site requests refused.</li>
        </ul>
      </Card>
      <EmailTemplatesCard emailDelivery={s.emailDelivery} />
      <Card className="flex flex-col gap-3">
        <h3 className="flex items-center gap-2 text-xl text-night-900">
          <Settings className="size-5 text-rose-600" aria-hidden="true" /> Platform Configuration
        </h3>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt>User Registration</dt>
          <dd className="font-semibold">{s.registrationEnabled ? 'Enabled' : 'Disabled'}</dd>
          <dt>Email Verification</dt>
          <dd className="font-semibold">Optional to sign in (see Posting)</dd>
          <dt>Community Features</dt>
          <dd className="font-semibold">Active</dd>
          <dt>Subscription Required</dt>
          <dd className="font-semibold">Yes</dd>
          <dt>Billing</dt>
          <dd className="font-semibold">{s.billingProvider === 'stripe' ? 'Stripe' : 'Test mode'}</dd>
        </dl>
      </Card>
      <Card className="flex flex-col gap-3">
        <h3 className="flex items-center gap-2 text-xl text-night-900">
          <ServerCog className="size-5 text-rose-600" aria-hidden="true" /> System Information
        </h3>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt>Version</dt>
          <dd className="font-semibold">{displayVersion(s.version)}</dd>
          <dt>Database</dt>
          <dd className="font-semibold">PostgreSQL ({s.database === 'embedded' ? 'embedded' : 'server'})</dd>
          <dt>Authentication</dt>
          <dd className="font-semibold">Built in (email and password)</dd>
        </dl>
      </Card>
      <StorageCard />
      <AuditLog />
    </div>
  );
}
