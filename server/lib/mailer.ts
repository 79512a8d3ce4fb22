/**
 * Delivery of sign-in codes (ARCHITECTURE §3): SMTP through nodemailer when `SMTP_URL` is set, otherwise one
 * line on stdout, exactly `[mail] sign-in code for <email>: <code>` (the e2e tests and README rely on it).
 */
import nodemailer from 'nodemailer';

export type SignInCodeMessage = { email: string; code: string; organizationName: string; expiresInMinutes: number };

/** Sends a sign-in code; may throw (the caller answers 5xx only for real delivery failures). */
export type Mailer = { sendSignInCode: (message: SignInCodeMessage) => Promise<void> };

/** The mail-catcher stand-in: prints the code line on stdout. */
const logMailer: Mailer = {
  async sendSignInCode({ email, code }) {
    process.stdout.write(`[mail] sign-in code for ${email}: ${code}\n`);
  },
};

/** SMTP delivery with nodemailer; `smtpUrl` like `smtp://user:pass@host:587`. */
function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendSignInCode({ email, code, organizationName, expiresInMinutes }) {
      await transport.sendMail({
        from,
        to: email,
        subject: `${code} is your ${organizationName} sign-in code`,
        text:
          `Your sign-in code is ${code}.\n\nIt expires in ${expiresInMinutes} minutes and works once. ` +
          `If you did not ask for it, ignore this e-mail.\n\n` +
          `Votre code de connexion est ${code}. Il expire dans ${expiresInMinutes} minutes.`,
      });
    },
  };
}

/** Picks SMTP when configured, else the log mailer. */
export function createMailer(smtpUrl: string | null, from: string): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : logMailer;
}
