import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountChannel, ChannelRule, MessagingSettings, SmsAccountInput, WhatsAppAccountInput } from '@shala/contract';
import { call } from './client';

/**
 * The school's messaging settings (the principal's /messagingsettings): its SMS and WhatsApp
 * accounts and its rules per kind, one query; a save answers the settings (or the rules) anew and
 * puts them in the cache.
 */
export const messagingSettingsKeys = { all: ['messagingSettings'] as const };

export function useMessagingSettings() {
  return useQuery({ queryKey: messagingSettingsKeys.all, queryFn: ({ signal }) => call('messagingSettings', { signal }) });
}

function useSettingsMutation<V>(fn: (vars: V) => Promise<MessagingSettings>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (settings) => client.setQueryData(messagingSettingsKeys.all, settings) });
}

export const useSaveSmsAccount = () => useSettingsMutation((body: SmsAccountInput) => call('messagingSms', { body }));
export const useSaveWhatsAppAccount = () => useSettingsMutation((body: WhatsAppAccountInput) => call('messagingWhatsapp', { body }));
export const useDeleteAccount = () => useSettingsMutation((channel: AccountChannel) => call('messagingAccountDelete', { params: { channel } }));

export function useSaveRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: ChannelRule[]) => call('messagingRules', { body: { rules } }),
    onSuccess: (rules) => {
      client.setQueryData<MessagingSettings>(messagingSettingsKeys.all, (old) => (old ? { ...old, rules } : old));
    },
  });
}
