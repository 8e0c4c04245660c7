import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesInput } from '@shala/contract';
import { call } from './client';

/**
 * How the caller is reached beyond the bell (issue 24): per kind and channel, the mobile number,
 * WhatsApp consent, quiet hours. One record under one key; every change answers the whole record.
 */
export const messagingKeys = {
  preferences: ['messaging', 'preferences'] as const,
};
const SAVE_KEY = ['messaging', 'save'] as const;

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: messagingKeys.preferences,
    queryFn: ({ signal }) => call('notificationPreferences', { signal }),
    enabled,
  });
}

/** The record as it will be once `input` is saved, as far as the browser can tell (a reset keeps its value until the server's answer). */
export function applyPreferences(prefs: NotificationPreferences, input: NotificationPreferencesInput): NotificationPreferences {
  const choices = input.choices ?? [];
  return {
    ...prefs,
    ...(input.whatsappOptIn !== undefined ? { whatsappOptIn: input.whatsappOptIn } : {}),
    ...(input.quietHours ? { quietHours: input.quietHours } : {}),
    kinds: prefs.kinds.map((row) => {
      const mine = choices.filter((c) => c.kind === row.kind);
      if (!mine.length) return row;
      const channels = { ...row.channels };
      for (const c of mine) channels[c.channel] = c.enabled === null ? { ...channels[c.channel], chosen: false } : { enabled: c.enabled, chosen: true };
      return { ...row, channels };
    }),
  };
}

/** The last of the changes in flight: its answer (the whole record) is the one to keep. */
const lastSave = (client: QueryClient) => client.isMutating({ mutationKey: SAVE_KEY }) === 1;

/**
 * Saves any of the caller's choices at once (a switch moves before the server answers); a refusal
 * puts the record back. With several changes in flight, the last one's answer (or refusal) is kept.
 */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: (input: NotificationPreferencesInput) => call('notificationPreferencesSave', { body: input }),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: messagingKeys.preferences });
      const previous = client.getQueryData<NotificationPreferences>(messagingKeys.preferences);
      if (previous) client.setQueryData(messagingKeys.preferences, applyPreferences(previous, input));
      return { previous };
    },
    // An earlier change's answer is older than a later change's switch: only the last one's counts.
    onError: (_error, _input, context) => {
      if (!lastSave(client)) return;
      if (context?.previous) client.setQueryData(messagingKeys.preferences, context.previous);
      // An earlier change may have failed too: the server's record settles it.
      void client.invalidateQueries({ queryKey: messagingKeys.preferences });
    },
    onSuccess: (saved) => {
      if (lastSave(client)) client.setQueryData(messagingKeys.preferences, saved);
    },
  });
}

/** Sends a one-time code by SMS to the number given. */
export const useSendMobileCode = () => useMutation({ mutationFn: (mobile: string) => call('mobileCode', { body: { mobile } }) });

/** Verifies the number with its code: the answer is the whole record, the number verified. */
export function useVerifyMobile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('mobileVerify', { body: { code } }),
    onSuccess: (prefs) => client.setQueryData(messagingKeys.preferences, prefs),
  });
}
