import { createContext, useContext } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountChannel, ChannelRule, MessagingSettings, SmsAccountInput, WhatsAppAccountInput } from '@shala/contract';
import { call } from './client';

/**
 * Messaging settings: a school's (the principal's /messagingsettings: its SMS and WhatsApp
 * accounts and its rules per kind) or the platform's (the owner's /platformmessaging: its
 * accounts), one query; a save answers the settings (or the rules) anew and puts them in the
 * cache. Which ones a screen shows is its `SettingsScope`.
 */
export type SettingsScope = 'school' | 'platform';
export const SettingsScopeContext = createContext<SettingsScope>('school');
export const useSettingsScope = () => useContext(SettingsScopeContext);

export const messagingSettingsKeys = { all: ['messagingSettings'] as const, of: (scope: SettingsScope) => ['messagingSettings', scope] as const };

export function useMessagingSettings() {
  const scope = useSettingsScope();
  return useQuery({
    queryKey: messagingSettingsKeys.of(scope),
    queryFn: ({ signal }) => (scope === 'platform' ? call('platformMessagingSettings', { signal }) : call('messagingSettings', { signal })),
  });
}

function useSettingsMutation<V>(fn: (vars: V, scope: SettingsScope) => Promise<MessagingSettings>) {
  const client = useQueryClient();
  const scope = useSettingsScope();
  return useMutation({ mutationFn: (vars: V) => fn(vars, scope), onSuccess: (settings) => client.setQueryData(messagingSettingsKeys.of(scope), settings) });
}

export const useSaveSmsAccount = () =>
  useSettingsMutation((body: SmsAccountInput, scope) => (scope === 'platform' ? call('platformMessagingSms', { body }) : call('messagingSms', { body })));
export const useSaveWhatsAppAccount = () =>
  useSettingsMutation((body: WhatsAppAccountInput, scope) => (scope === 'platform' ? call('platformMessagingWhatsapp', { body }) : call('messagingWhatsapp', { body })));
export const useDeleteAccount = () =>
  useSettingsMutation((channel: AccountChannel, scope) =>
    scope === 'platform' ? call('platformMessagingAccountDelete', { params: { channel } }) : call('messagingAccountDelete', { params: { channel } }),
  );

export function useSaveRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: ChannelRule[]) => call('messagingRules', { body: { rules } }),
    onSuccess: (rules) => {
      client.setQueryData<MessagingSettings>(messagingSettingsKeys.of('school'), (old) => (old ? { ...old, rules } : old));
    },
  });
}
