import { Anchor, Badge, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PAGES, type Notice } from '@shala/contract';
import { useNoticeBoard } from '../../api/notices';
import { useFormat } from '../../lib/format';
import { QueryError } from '../../components/ListState';

/** Notices a page of the board shows, and each "show more" adds (the dashboard's one answer brings the first page). */
export const BOARD_PAGE_SIZE = DASHBOARD_PAGES.board;

/** Lines of a notice's text shown before "Read more". */
const CLAMP_LINES = 3;

/** A notice's text clamped to a few lines, with "Read more" / "Show less" when it is longer. */
function ClampedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setClipped(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, text]);
  return (
    <div>
      <Text ref={ref} id={id} size="sm" lineClamp={open ? undefined : CLAMP_LINES} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {clipped || open ? (
        <Anchor component="button" type="button" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? t('notices.board.readLess') : t('notices.board.readMore')}
        </Anchor>
      ) : null}
    </div>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Stack component="article" gap={4} data-testid="board-notice" aria-labelledby={`notice-${notice.noticeId}`}>
      <Text component="h3" id={`notice-${notice.noticeId}`} fw={650} size="md" m={0} style={{ overflowWrap: 'anywhere' }}>
        {notice.title}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color="indigo" style={{ textTransform: 'none' }}>
          <time dateTime={notice.date}>{fmt.date(notice.date)}</time>
        </Badge>
        {notice.authorName ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('notices.board.by', { name: notice.authorName })}
          </Text>
        ) : null}
      </Group>
      <ClampedText text={notice.description} />
    </Stack>
  );
}

/** The dashboard's notice board: the active notices for the caller's role, newest first, more on demand. */
export default function NoticeBoardCard() {
  const { t } = useTranslation();
  const board = useNoticeBoard(BOARD_PAGE_SIZE);
  const notices = board.data?.pages.flatMap((p) => p.items) ?? [];
  const total = board.data?.pages[0]?.total ?? 0;

  return (
    <Paper withBorder radius="md" p="md" shadow="xs" mt="md" component="section" aria-labelledby="notice-board-title" data-testid="notice-board">
      <Group gap="xs" mb="sm" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <IconSpeakerphone size={20} aria-hidden color="var(--mantine-color-indigo-6)" />
          <Title order={2} size="h5" id="notice-board-title">
            {t('notices.board.title')}
          </Title>
        </Group>
        {total > 0 ? (
          <Text size="xs" c="dimmed">
            {t('notices.board.count', { count: total })}
          </Text>
        ) : null}
      </Group>
      {board.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={18} w="60%" />
          <Skeleton h={48} />
        </Stack>
      ) : board.isError && notices.length === 0 ? (
        <QueryError query={board} title={t('notices.board.loadError')} />
      ) : notices.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('notices.board.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {notices.map((n, i) => (
            <Fragment key={n.noticeId}>
              {i > 0 ? <Divider /> : null}
              <NoticeItem notice={n} />
            </Fragment>
          ))}
          {board.hasNextPage ? (
            <Group justify="center">
              <Button variant="light" size="xs" onClick={() => void board.fetchNextPage()} loading={board.isFetchingNextPage}>
                {t('notices.board.more')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
