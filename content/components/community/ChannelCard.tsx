// A community channel: icon, name (the link, stretched over the whole card), description and what it suits.
import ChannelIcon from './ChannelIcon';
import type { Channel } from './links';

export default function ChannelCard({ channel }: { channel: Channel }) {
  return (
    <li className="community-card">
      <span className="community-card__icon">
        <ChannelIcon name={channel.icon} />
      </span>
      <h3 className="community-card__title">
        <a className="community-card__link" href={channel.href}>
          {channel.name}
        </a>
      </h3>
      <p className="community-card__description">{channel.description}</p>
      <p className="community-card__best">
        <span className="community-card__best-label">Best for:</span> {channel.bestFor}
      </p>
    </li>
  );
}
