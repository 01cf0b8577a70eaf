import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdatePreferences } from '../api/notifications.ts';
import {
  currentSubscription,
  listPushDevices,
  PushBlockedError,
  pushSupport,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../lib/web-push.ts';

const THIS_DEVICE_KEY = ['push', 'this-device'] as const;

/** Whether this browser is subscribed for her, and how many other devices of hers are. */
async function readThisDevice() {
  const [subscription, { devices }] = await Promise.all([currentSubscription(), listPushDevices()]);
  const mine = subscription ? devices.some((device) => device.endpoint === subscription.endpoint) : false;
  return { subscribed: mine, otherDevices: devices.length - (mine ? 1 : 0) };
}

/**
 * "Push Notifications": per device. On asks the browser's permission and subscribes this browser; off
 * unsubscribes this browser only (her other devices keep theirs). The switch shows this device.
 */
export function PushSwitch({ pushEnabled }: { pushEnabled: boolean }) {
  const id = useId();
  const support = pushSupport();
  const queryClient = useQueryClient();
  const updatePreferences = useUpdatePreferences();
  const [problem, setProblem] = useState<string | null>(null);
  const thisDevice = useQuery({ queryKey: THIS_DEVICE_KEY, queryFn: readThisDevice, enabled: support === 'supported' });
  const change = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) {
        await subscribeThisDevice();
        if (!pushEnabled) await updatePreferences.mutateAsync({ pushEnabled: true });
        return;
      }
      await unsubscribeThisDevice();
      // The last device gone: the preference says so too.
      if ((thisDevice.data?.otherDevices ?? 0) === 0 && pushEnabled) {
        await updatePreferences.mutateAsync({ pushEnabled: false });
      }
    },
    onMutate: () => setProblem(null),
    onSuccess: (_, on) =>
      toast.success('Success', {
        description: on ? 'Push notifications are on for this device' : 'Push notifications are off for this device',
      }),
    onError: (error) => {
      if (error instanceof PushBlockedError) setProblem(error.message);
      else setProblem(error instanceof Error ? error.message : 'Push notifications could not be changed');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: THIS_DEVICE_KEY }),
  });

  const on = support === 'supported' && pushEnabled && (thisDevice.data?.subscribed ?? false);
  const others = thisDevice.data?.otherDevices ?? 0;
  const status =
    support === 'needs-install'
      ? 'On iPhone and iPad, add Lunara to your Home Screen (Share › Add to Home Screen) and open it from there to turn push notifications on.'
      : support === 'unsupported'
        ? 'This browser cannot receive push notifications.'
        : `${on ? 'On' : 'Off'} for this device${others > 0 ? ` · on for ${others} other ${others === 1 ? 'device' : 'devices'}` : ''}`;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-push`}>Push Notifications</Label>
        <Switch
          id={`${id}-push`}
          checked={on}
          aria-describedby={`${id}-push-status`}
          disabled={support !== 'supported' || thisDevice.isPending || change.isPending}
          onCheckedChange={(checked) => change.mutate(checked)}
        />
      </div>
      <p id={`${id}-push-status`} className="text-sm text-ink-muted" data-testid="push-status">
        {status}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
