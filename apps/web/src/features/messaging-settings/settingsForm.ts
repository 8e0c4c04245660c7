import type { MessagingSettings, SmsAccountInput, WhatsAppAccountInput } from '@shala/contract';

/**
 * The messaging settings' forms as typed: a template's params as one line of names ("child,
 * date"), the price in paise (null: none), a secret empty until the principal types a new one
 * (empty: the stored one is kept).
 */
export interface SmsTemplateValues {
  kind: string;
  templateId: string;
  providerTemplateId: string;
  text: string;
  params: string;
}
export interface SmsFormValues {
  entityId: string;
  header: string;
  pricePaisePerPart: number | null;
  authKey: string;
  templates: SmsTemplateValues[];
}
export interface WhatsAppTemplateValues {
  kind: string;
  name: string;
  params: string;
}
export interface WhatsAppFormValues {
  phoneNumberId: string;
  pricePaise: number | null;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  templates: WhatsAppTemplateValues[];
}

/** "child, date" → ['child', 'date']. */
export const paramList = (line: string): string[] =>
  line
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
const paramLine = (params: readonly string[]) => params.join(', ');
/** A secret typed, or left out (the stored one stays). */
const typed = (value: string) => value.trim() || undefined;

export const emptySmsTemplate = (kind = ''): SmsTemplateValues => ({ kind, templateId: '', providerTemplateId: '', text: '', params: '' });
export const emptyWhatsAppTemplate = (kind = ''): WhatsAppTemplateValues => ({ kind, name: '', params: '' });

export function smsValues(settings: MessagingSettings['sms']['account']): SmsFormValues {
  return {
    entityId: settings?.entityId ?? '',
    header: settings?.header ?? '',
    pricePaisePerPart: settings?.pricePaisePerPart ?? null,
    authKey: '',
    templates: (settings?.templates ?? []).map((t) => ({ kind: t.kind, templateId: t.templateId, providerTemplateId: t.providerTemplateId ?? '', text: t.text, params: paramLine(t.params) })),
  };
}

export function smsBody(v: SmsFormValues): SmsAccountInput {
  return {
    entityId: v.entityId.trim(),
    header: v.header.trim().toUpperCase(),
    pricePaisePerPart: v.pricePaisePerPart,
    authKey: typed(v.authKey),
    templates: v.templates.map((t) => ({ kind: t.kind, templateId: t.templateId.trim(), providerTemplateId: t.providerTemplateId.trim() || undefined, text: t.text.trim(), params: paramList(t.params) })),
  };
}

export function whatsAppValues(settings: MessagingSettings['whatsapp']['account']): WhatsAppFormValues {
  return {
    phoneNumberId: settings?.phoneNumberId ?? '',
    pricePaise: settings?.pricePaise ?? null,
    accessToken: '',
    appSecret: '',
    verifyToken: '',
    templates: (settings?.templates ?? []).map((t) => ({ kind: t.kind, name: t.name, params: paramLine(t.params) })),
  };
}

export function whatsAppBody(v: WhatsAppFormValues): WhatsAppAccountInput {
  return {
    phoneNumberId: v.phoneNumberId.trim(),
    pricePaise: v.pricePaise,
    accessToken: typed(v.accessToken),
    appSecret: typed(v.appSecret),
    verifyToken: typed(v.verifyToken),
    templates: v.templates.map((t) => ({ kind: t.kind as WhatsAppAccountInput['templates'][number]['kind'], name: t.name.trim(), params: paramList(t.params) })),
  };
}

/** The error of a template's params: on the list, or on one of its names (`templates.0.params.2`). */
export function paramsError(errors: Record<string, unknown>, index: number): unknown {
  const at = `templates.${index}.params`;
  return errors[at] ?? Object.entries(errors).find(([key]) => key.startsWith(`${at}.`))?.[1];
}

