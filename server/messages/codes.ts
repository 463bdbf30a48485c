import type { PhoneCodeSender } from '../booking/phone-proof';
import type { Logger } from '../platform/http/logger';
import { maskPhone, type ChannelAdapter } from './channel';

/**
 * The booking's one-time codes (issue 44) through this domain's channels, set by the composition:
 * WhatsApp's authentication template, or an SMS. Sent at once (the visitor waits for it) and
 * never queued: a code that cannot go now is 'failed', and the booking tries the other channel
 * or offers the call-back request. The log names the channel and the masked phone, never the code.
 */
export function codeSender(channels: { whatsapp: ChannelAdapter; sms: ChannelAdapter }, logger: Logger): PhoneCodeSender {
  return {
    async send(message) {
      const adapter = channels[message.channel];
      if (!adapter.sendCode) return 'failed';
      const result = await adapter.sendCode(message);
      if (result.outcome === 'sent') return 'sent';
      logger.info('code not sent', { channel: message.channel, to: maskPhone(message.to), outcome: result.outcome, reason: result.code ?? result.reason.slice(0, 120) });
      return 'failed';
    },
  };
}
