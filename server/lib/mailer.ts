/**
 * Delivery of sign-in codes (ARCHITECTURE §3), of the news that a member won a sweepstake and of
 * the reminder that points expire soon: SMTP through nodemailer when `SMTP_URL` is set, otherwise one
 * line on stdout, exactly `[mail] sign-in code for <email>: <code>` (the e2e tests and README rely on it),
 * `[mail] sweepstake win for <email>: <title>` or `[mail] points expiry for <email>: <points> on <YYYY-MM-DD>`.
 */
import nodemailer from 'nodemailer';

export type SignInCodeMessage = { email: string; code: string; organizationName: string; expiresInMinutes: number };

/** A sweepstake win: what was won, and until when the member can claim it in the app. */
export type SweepstakeWinMessage = { email: string; organizationName: string; sweepstakeTitle: string; prize: string; claimBy: Date };

/** Points about to expire: how many, and the day (`YYYY-MM-DD`, the organization's time zone) they expire on. */
export type PointsExpiryMessage = { email: string; organizationName: string; points: number; on: string };

/**
 * Sends a sign-in code, tells a winner, or reminds a member of points about to expire; may throw (the caller answers 5xx only for real delivery failures of a
 * code; a win that could not be told stays un-notified and is told again at the next draw call).
 */
export type Mailer = {
  sendSignInCode: (message: SignInCodeMessage) => Promise<void>;
  sendSweepstakeWin: (message: SweepstakeWinMessage) => Promise<void>;
  sendPointsExpiry: (message: PointsExpiryMessage) => Promise<void>;
};

/** The mail-catcher stand-in: prints the code line on stdout. */
const logMailer: Mailer = {
  async sendSignInCode({ email, code }) {
    process.stdout.write(`[mail] sign-in code for ${email}: ${code}\n`);
  },
  async sendSweepstakeWin({ email, sweepstakeTitle }) {
    process.stdout.write(`[mail] sweepstake win for ${email}: ${sweepstakeTitle}\n`);
  },
  async sendPointsExpiry({ email, points, on }) {
    process.stdout.write(`[mail] points expiry for ${email}: ${points} on ${on}\n`);
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
    async sendSweepstakeWin({ email, organizationName, sweepstakeTitle, prize, claimBy }) {
      const by = claimBy.toISOString().slice(0, 10);
      await transport.sendMail({
        from,
        to: email,
        subject: `You won: ${sweepstakeTitle}`,
        text:
          `Congratulations! You won ${organizationName}'s sweepstake "${sweepstakeTitle}"${prize ? ` (${prize})` : ''}.\n\n` +
          `To claim your prize, open the app, go to the sweepstake and press "Claim" before ${by} (UTC).\n\n` +
          `Félicitations ! Vous avez gagné le tirage « ${sweepstakeTitle} ». Réclamez votre lot dans l'application ` +
          `(page du tirage, bouton « Réclamer ») avant le ${by} (UTC).`,
      });
    },
    async sendPointsExpiry({ email, organizationName, points, on }) {
      await transport.sendMail({
        from,
        to: email,
        subject: `${points} ${organizationName} points expire on ${on}`,
        text:
          `${points} of your ${organizationName} points expire on ${on}. Spend them in the app before then ` +
          `(points you spend are always your oldest).\n\n` +
          `${points} de vos points ${organizationName} expirent le ${on}. Utilisez-les dans l'application d'ici là ` +
          `(vos points les plus anciens sont toujours utilisés en premier).`,
      });
    },
  };
}

/** Picks SMTP when configured, else the log mailer. */
export function createMailer(smtpUrl: string | null, from: string): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : logMailer;
}
