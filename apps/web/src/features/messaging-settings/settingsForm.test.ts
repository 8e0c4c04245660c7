import { describe, expect, it } from 'vitest';
import { smsAccountInput, whatsAppAccountInput } from '@shala/contract';
import { absoluteUrl, isLocalAddress } from '../../components/WebhookUrl';
import { paramList, paramsError, smsBody, smsValues, whatsAppBody, whatsAppValues } from './settingsForm';

describe('the messaging settings forms', () => {
  it('round-trips a stored SMS account, leaving the key out unless one is typed', () => {
    const stored = {
      provider: 'msg91' as const,
      entityId: '1201159000000000001',
      header: 'SHALAS',
      templates: [{ kind: 'absence:hi', templateId: '1107', text: '{#var#} {#var#}', params: ['child', 'date'] }],
      pricePaisePerPart: 25,
      secrets: { authKey: '…7f3a' },
      webhookUrl: '/api/hooks/sms/msg91?token=x',
      updatedAt: '2026-11-27T06:00:00.000Z',
    };
    const values = smsValues(stored);
    expect(values).toMatchObject({ authKey: '', templates: [{ params: 'child, date', providerTemplateId: '' }] });
    const body = smsBody({ ...values, header: ' shalas ' });
    expect(body).toEqual({ entityId: stored.entityId, header: 'SHALAS', pricePaisePerPart: 25, authKey: undefined, templates: [{ kind: 'absence:hi', templateId: '1107', providerTemplateId: undefined, text: '{#var#} {#var#}', params: ['child', 'date'] }] });
    expect(smsAccountInput.safeParse(body).success).toBe(true);
    expect(smsBody({ ...values, authKey: ' new-key-1234 ' }).authKey).toBe('new-key-1234');
  });

  it('makes an empty WhatsApp form from no account, whose first save the contract refuses field by field', () => {
    const values = whatsAppValues(null);
    expect(values).toEqual({ phoneNumberId: '', pricePaise: null, accessToken: '', appSecret: '', verifyToken: '', templates: [] });
    const issues = whatsAppAccountInput.safeParse(whatsAppBody({ ...values, templates: [{ kind: 'absence', name: 'Absence', params: 'child salary' }] })).error!.issues;
    expect(issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['phoneNumberId', 'templates.0.name', 'templates.0.params.1']));
  });

  it('reads params from a line and finds their error on the list or on one name', () => {
    expect(paramList(' child,date  school ')).toEqual(['child', 'date', 'school']);
    expect(paramsError({ 'templates.1.params.0': 'x' }, 1)).toBe('x');
    expect(paramsError({ 'templates.1.params': 'y', 'templates.1.params.0': 'x' }, 1)).toBe('y');
    expect(paramsError({ 'templates.0.params.0': 'x' }, 1)).toBeUndefined();
    expect(absoluteUrl('/api/hooks/whatsapp', 'https://school.example.in')).toBe('https://school.example.in/api/hooks/whatsapp');
    // The server sends the address whole (its PUBLIC_URL); one only this machine reaches is flagged.
    expect(absoluteUrl('https://school.example.in/api/hooks/whatsapp', 'http://localhost:5173')).toBe('https://school.example.in/api/hooks/whatsapp');
    expect(isLocalAddress('http://localhost:3000/api/hooks/whatsapp')).toBe(true);
    expect(isLocalAddress('http://127.0.0.1:3000/api/hooks/whatsapp')).toBe(true);
    expect(isLocalAddress('https://school.example.in/api/hooks/whatsapp')).toBe(false);
  });
});
