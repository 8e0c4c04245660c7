import { useState } from 'react';
import { Button, Fieldset, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selfProfileFields, type Profile } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { call } from '../../api/client';
import { queryKeys, useProfile } from '../../api/queries';
import { ImageUploadField } from '../../components/ImageUploadField';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useErrorToken } from '../../lib/validation';
import { FormFooter } from '../../components/FormFooter';
import { useContractForm } from '../../lib/contractForm';
import type { ScreenProps } from '../../lib/screen';
import { useSubmit } from '../../lib/useSubmit';

/** What a user edits of its own account: contact fields and photo (the rest is the school's). */
export const profileFields = selfProfileFields;

interface Values {
  email: string;
  contact: string;
  address: string;
  image: string;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const [uploading, setUploading] = useState(false);

  const form = useContractForm<Values>(profileFields, {
    initialValues: {
      email: profile.email ?? '',
      contact: profile.contact ?? '',
      address: profile.address ?? '',
      image: profile.image ?? '',
    },
  });

  const save = useSubmit({
    form,
    save: (values: Values) => {
      const parsed = profileFields.parse(values);
      // Send what changed (the call takes a partial body).
      const body = Object.fromEntries(
        Object.entries(parsed).filter(([key]) => form.isDirty(key as keyof Values)),
      ) as Partial<typeof parsed>;
      return call('profileUpdate', { params: { userId: userId ?? profile.userId }, body });
    },
    saved: () => t('profile.saved'),
    done: (saved) => {
      queryClient.setQueryData(queryKeys.profile(userId), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile(userId) });
      navigate('/profile');
    },
    errorToast: true,
    invalidAlert: true,
  });

  const text = (name: keyof Values) => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });

  return (
    <form
      noValidate
      aria-label={t('routes.editprofile')}
      onSubmit={save.onSubmit}
    >
      <Stack gap="lg" maw={760}>
        <Fieldset legend={t('person.sections.basic')} variant="filled" radius="md" style={{ minWidth: 0 }}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('profile.schoolOwns')}
            </Text>
            <ImageUploadField
              label={t('person.fields.image')}
              value={form.values.image}
              onChange={(image) => form.setFieldValue('image', image)}
              alt={t('profile.avatarAlt', { name: profile.fullName })}
              error={errorText(form.errors.image)}
              onBusyChange={setUploading}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('person.fields.email')} type="email" autoComplete="email" maxLength={254} {...text('email')} />
              <TextInput label={t('person.fields.contact')} description={t('profile.contactHint')} type="tel" autoComplete="tel" maxLength={20} {...text('contact')} />
            </SimpleGrid>
            <Textarea
              label={t('person.fields.address')}
              autosize
              minRows={2}
              maxLength={300}
              {...text('address')}
            />
          </Stack>
        </Fieldset>
        <FormFooter failure={save.failure} cancelTo="/profile">
          <Button type="submit" loading={save.pending} disabled={uploading}>
            {t('common.saveChanges')}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/** /editprofile: email, contact, address and photo of the signed-in user. */
export default function EditProfilePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeading title={t(route.title)} />
      <RecordState query={profile}>
        {() => (profile.data ? <ProfileForm key={profile.data.userId} profile={profile.data} /> : null)}
      </RecordState>
    </>
  );
}
