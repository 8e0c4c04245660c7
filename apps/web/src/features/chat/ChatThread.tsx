import { ChatComposer, ChatHeader, ChatMessages } from './ChatThreadParts';
import { useChatThread } from './useChatThread';

/** The person whose thread is open (ChatPage keeps it in the address). */
export interface OpenPeer {
  userId: string;
  name: string;
}

/** One conversation: the peer, the messages (newest at the bottom, "load older" on top) and the send box. */
export function ChatThread({ peer, onBack }: { peer: OpenPeer; onBack?: () => void }) {
  const c = useChatThread(peer.userId);
  const title = c.contact?.fullName ?? peer.name;
  return (
    <>
      <ChatHeader contact={c.contact} title={title} onBack={onBack} />
      <ChatMessages c={c} title={title} />
      <ChatComposer c={c} />
    </>
  );
}
