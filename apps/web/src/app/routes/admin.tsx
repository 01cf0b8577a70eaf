import { LayoutList } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard.tsx';
import { AdminSettings } from '../../features/admin/components/admin-settings.tsx';
import { ContentModeration } from '../../features/admin/components/content-moderation.tsx';
import { UserManagement } from '../../features/admin/components/user-management.tsx';
import { AnalyticsTabLoader } from '../../features/analytics/components/analytics-tab-loader.tsx';
import { AdminAnnouncements } from '../../features/announcements/components/admin-announcements.tsx';
import { PlansAdmin } from '../../features/plans/components/plans-admin.tsx';
import { AdminPodsManager } from '../../features/pods/components/admin-pods-manager.tsx';
import { RequireAdmin } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

const TABS = [
  ['dashboard', 'Dashboard'],
  ['analytics', 'Analytics'],
  ['users', 'User Management'],
  ['content', 'Content Moderation'],
  ['pods', 'Pods'],
  ['announcements', 'Announcements'],
  ['plans', 'Plans'],
  ['settings', 'Settings'],
] as const;

function AdminLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
      Loading admin panel...
    </div>
  );
}

function AdminPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = TABS.some(([key]) => key === searchParams.get('tab')) ? (searchParams.get('tab') as string) : 'dashboard';
  const open = (value: string) => setSearchParams(value === 'dashboard' ? {} : { tab: value }, { replace: true });
  return (
    <MemberPage>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl text-night-900 sm:text-4xl">Admin Panel</h1>
          <p className="mt-1 text-ink-muted">Care for the Sisterhood: people, content and the platform.</p>
        </div>
        <Button asChild variant="gold">
          <Link to={paths.adminContent.getHref()}>
            <LayoutList className="size-4" aria-hidden="true" /> Content Studio
          </Link>
        </Button>
      </header>
      <Tabs value={tab} onValueChange={open}>
        <TabsList aria-label="Admin sections">
          {TABS.map(([key, label]) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard" className="pt-6">
          <AdminDashboard
            onOpenModeration={() => open('content')}
            pendingRequestsHref={`${paths.community.getHref()}?tab=circles`}
          />
        </TabsContent>
        <TabsContent value="analytics" className="pt-6">
          <AnalyticsTabLoader />
        </TabsContent>
        <TabsContent value="users" className="pt-6">
          <UserManagement />
        </TabsContent>
        <TabsContent value="content" className="pt-6">
          <ContentModeration />
        </TabsContent>
        <TabsContent value="pods" className="pt-6">
          <AdminPodsManager />
        </TabsContent>
        <TabsContent value="announcements" className="pt-6">
          <AdminAnnouncements />
        </TabsContent>
        <TabsContent value="plans" className="pt-6">
          <PlansAdmin />
        </TabsContent>
        <TabsContent value="settings" className="pt-6">
          <AdminSettings />
        </TabsContent>
      </Tabs>
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireAdmin loading={<AdminLoading />}>
      <AdminPanel />
    </RequireAdmin>
  );
}
