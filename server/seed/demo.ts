/**
 * The demo organization "Alpine Racing": ranks, check-in rewards, a logo and 16 challenges of
 * every subtype with English and French texts. Dates are relative to the seed time: some challenges are open,
 * some expired (history), some not visible yet; a few are public for visitors. The organization's settings
 * (short name, French texts, internal e-mail domains, cars page, French rank titles), its benefits and its rewards
 * carousel come from `./program.ts`.
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client';
import type { ChallengeTranslation } from '../db/schema';
import { seedContent } from './content';
import { DEMO_CARS_PAGE, DEMO_RANK_TITLES_FR, DEMO_SETTINGS, seedProgram } from './program';
import { createChallenges, createMediaFromFile, createOrganization, DEFAULT_RANKS, type ChallengeSeed } from './factories';

const MEDIA_DIR = fileURLToPath(new URL('./media/', import.meta.url));
const DAY = 24 * 60 * 60 * 1000;

type Fr = { fr: ChallengeTranslation };

/** Seeds Alpine Racing; returns the organization row. */
export async function seedDemoOrganization(db: Db, options: { organizationKey: string; now: Date }) {
  const at = (days: number, hour = 18) => {
    const d = new Date(options.now.getTime() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  return db.transaction(async (tx) => {
    const logo = await createMediaFromFile(tx, null, MEDIA_DIR + 'alpine-racing-logo.svg');
    const organization = await createOrganization(tx, {
      name: 'Alpine Racing',
      publicKey: options.organizationKey,
      timeZone: 'Europe/Paris',
      brandColor: '#0055A4',
      logoMediaId: logo,
      ranks: DEFAULT_RANKS.map((r) => ({ ...r, translations: { fr: { title: DEMO_RANK_TITLES_FR[r.code] } } })),
      settings: { ...DEMO_SETTINGS, translations: { ...DEMO_SETTINGS.translations }, internalEmailDomains: [...DEMO_SETTINGS.internalEmailDomains], carsPage: DEMO_CARS_PAGE },
    });
    const images = new Map<string, Promise<string>>();
    const image = (file: string) => {
      if (!images.has(file)) images.set(file, createMediaFromFile(tx, organization.id, MEDIA_DIR + file));
      return images.get(file)!;
    };
    const drivers = ['Léa Marchand (#10)', 'Tom Keller (#31)', 'Jules Moreau (reserve)'];

    const seeds: (ChallengeSeed & { translations: Fr })[] = [
      {
        type: 'poll',
        subtype: 'poll',
        title: 'Driver of the day at Monza',
        description: 'Who impressed you most on Sunday? Vote and earn points.',
        mediaId: await image('driver-of-the-day.svg'),
        visibleFrom: at(-2, 8),
        expiresOn: at(5),
        isPublic: true,
        options: drivers.slice(0, 2).map((text) => ({ text, points: 20 })),
        translations: {
          fr: {
            title: 'Pilote du jour à Monza',
            description: 'Qui vous a le plus impressionné dimanche ? Votez et gagnez des points.',
            options: drivers.slice(0, 2),
          },
        },
      },
      {
        type: 'poll',
        subtype: 'pickem',
        title: 'Who scores points in Monza?',
        description: 'Make your pick before lights out. Every pick earns points.',
        mediaId: await image('pickem-monza.svg'),
        visibleFrom: at(-1, 8),
        expiresOn: at(2, 13),
        isPublic: true,
        options: [
          { text: 'Both drivers', points: 30 },
          { text: 'Only Léa Marchand', points: 30 },
          { text: 'Only Tom Keller', points: 30 },
          { text: 'Neither of them', points: 30 },
        ],
        translations: {
          fr: {
            title: 'Qui marque des points à Monza ?',
            description: 'Faites votre pronostic avant le départ. Chaque pronostic rapporte des points.',
            options: ['Les deux pilotes', 'Seulement Léa Marchand', 'Seulement Tom Keller', 'Aucun des deux'],
          },
        },
      },
      {
        type: 'poll',
        subtype: 'arcade',
        title: 'Guess the pit stop time',
        description: 'How long did our crew need for Léa’s tyre change in Zandvoort? The right guess earns 50 points.',
        mediaId: await image('arcade-pit-stop.svg'),
        visibleFrom: at(-3, 8),
        expiresOn: at(7),
        points: 40,
        options: [
          { text: 'Under 2.0 seconds', points: 10 },
          { text: '2.0 to 2.4 seconds', points: 10 },
          { text: '2.5 to 2.9 seconds', points: 10 },
          { text: '3.0 seconds or more', points: 10 },
        ],
        correctIndex: 1,
        translations: {
          fr: {
            title: 'Devinez la durée de l’arrêt au stand',
            description: 'Combien de temps l’équipe a-t-elle mis pour changer les pneus de Léa à Zandvoort ? La bonne réponse rapporte 50 points.',
            options: ['Moins de 2,0 secondes', 'De 2,0 à 2,4 secondes', 'De 2,5 à 2,9 secondes', '3,0 secondes ou plus'],
          },
        },
      },
      {
        type: 'trivia',
        subtype: 'trivia',
        title: 'Alpine Racing history quiz',
        description: 'Five questions about the team’s story. 20 points per right answer.',
        mediaId: await image('trivia-history.svg'),
        visibleFrom: at(-4, 8),
        expiresOn: at(20),
        isPublic: true,
        questions: [
          { id: 'h1', text: 'In which country is the team’s chassis factory?', points: 20, options: ['France', 'United Kingdom', 'Italy', 'Germany'], correctIndex: 1 },
          { id: 'h2', text: 'What colour is the team best known for?', points: 20, options: ['Red', 'Blue', 'Green', 'Orange'], correctIndex: 1 },
          { id: 'h3', text: 'How many points does a Grand Prix win earn?', points: 20, options: ['10', '18', '25', '30'], correctIndex: 2 },
          { id: 'h4', text: 'Which flag ends a race?', points: 20, options: ['Yellow', 'Green', 'Chequered', 'Blue'], correctIndex: 2 },
          { id: 'h5', text: 'How many cars does a team enter in each race?', points: 20, options: ['One', 'Two', 'Three', 'Four'], correctIndex: 1 },
        ],
        translations: {
          fr: {
            title: 'Quiz sur l’histoire d’Alpine Racing',
            description: 'Cinq questions sur l’histoire de l’équipe. 20 points par bonne réponse.',
            questions: [
              { text: 'Dans quel pays se trouve l’usine des châssis de l’équipe ?', options: ['France', 'Royaume-Uni', 'Italie', 'Allemagne'] },
              { text: 'Quelle couleur fait la renommée de l’équipe ?', options: ['Rouge', 'Bleu', 'Vert', 'Orange'] },
              { text: 'Combien de points rapporte une victoire en Grand Prix ?', options: ['10', '18', '25', '30'] },
              { text: 'Quel drapeau marque la fin d’une course ?', options: ['Jaune', 'Vert', 'À damier', 'Bleu'] },
              { text: 'Combien de voitures une équipe engage-t-elle à chaque course ?', options: ['Une', 'Deux', 'Trois', 'Quatre'] },
            ],
          },
        },
      },
      {
        type: 'input',
        subtype: 'keyword',
        title: 'Enter the word shown on the big screen',
        description: 'Watch the fan-zone screen during the pit-lane walk and type the word you see.',
        mediaId: await image('keyword-big-screen.svg'),
        visibleFrom: at(-1, 8),
        expiresOn: at(1, 22),
        points: 50,
        acceptedAnswers: ['Bleu', 'Blue'],
        translations: {
          fr: {
            title: 'Saisissez le mot affiché sur l’écran géant',
            description: 'Regardez l’écran de la fan zone pendant la visite de la voie des stands et tapez le mot affiché.',
          },
        },
      },
      {
        type: 'poll',
        subtype: 'poll',
        title: 'Pick our Las Vegas livery',
        description: 'Three special liveries, one night race. Which one should race under the lights?',
        mediaId: await image('poll-livery.svg'),
        visibleFrom: at(-5, 8),
        expiresOn: at(10),
        options: [
          { text: 'Midnight blue', points: 15 },
          { text: 'Neon pink', points: 15 },
          { text: 'Heritage gold', points: 15 },
        ],
        translations: {
          fr: {
            title: 'Choisissez notre livrée pour Las Vegas',
            description: 'Trois livrées spéciales, une course de nuit. Laquelle doit briller sous les projecteurs ?',
            options: ['Bleu nuit', 'Rose fluo', 'Or héritage'],
          },
        },
      },
      {
        type: 'trivia',
        subtype: 'trivia',
        title: 'Tech talk: inside the car',
        description: 'Four questions about how a race car works. 25 points per right answer.',
        mediaId: await image('trivia-tech.svg'),
        visibleFrom: at(-2, 8),
        expiresOn: at(14),
        questions: [
          { id: 't1', text: 'What does DRS open to cut drag?', points: 25, options: ['The front wing', 'A flap in the rear wing', 'The floor', 'The engine cover'], correctIndex: 1 },
          { id: 't2', text: 'Which tyre compound is marked with a red stripe?', points: 25, options: ['Hard', 'Medium', 'Soft', 'Intermediate'], correctIndex: 2 },
          { id: 't3', text: 'What recovers energy under braking?', points: 25, options: ['MGU-K', 'Turbocharger', 'Gearbox', 'Radiator'], correctIndex: 0 },
          { id: 't4', text: 'About how many gears does a modern F1 car have?', points: 25, options: ['5', '6', '8', '10'], correctIndex: 2 },
        ],
        translations: {
          fr: {
            title: 'Parlons technique : dans la voiture',
            description: 'Quatre questions sur le fonctionnement d’une voiture de course. 25 points par bonne réponse.',
            questions: [
              { text: 'Qu’ouvre le DRS pour réduire la traînée ?', options: ['L’aileron avant', 'Un volet de l’aileron arrière', 'Le fond plat', 'Le capot moteur'] },
              { text: 'Quel composé de pneu porte une bande rouge ?', options: ['Dur', 'Medium', 'Tendre', 'Intermédiaire'] },
              { text: 'Qu’est-ce qui récupère l’énergie au freinage ?', options: ['Le MGU-K', 'Le turbo', 'La boîte de vitesses', 'Le radiateur'] },
              { text: 'Combien de rapports compte environ une F1 moderne ?', options: ['5', '6', '8', '10'] },
            ],
          },
        },
      },
      {
        type: 'poll',
        subtype: 'arcade',
        title: 'Top speed at the Monza speed trap',
        description: 'What did Tom reach on the main straight in qualifying? The right answer earns 40 points.',
        mediaId: await image('arcade-top-speed.svg'),
        visibleFrom: at(-1, 8),
        expiresOn: at(6),
        isPublic: true,
        points: 30,
        options: [
          { text: '330 km/h', points: 10 },
          { text: '342 km/h', points: 10 },
          { text: '351 km/h', points: 10 },
          { text: '360 km/h', points: 10 },
        ],
        correctIndex: 2,
        translations: {
          fr: {
            title: 'Vitesse de pointe au radar de Monza',
            description: 'Quelle vitesse Tom a-t-il atteinte dans la ligne droite en qualifications ? La bonne réponse rapporte 40 points.',
            options: ['330 km/h', '342 km/h', '351 km/h', '360 km/h'],
          },
        },
      },
      {
        type: 'input',
        subtype: 'keyword',
        title: 'Fan-zone treasure hunt',
        description: 'Find the password painted on the team truck in the fan zone and enter it here.',
        mediaId: await image('poll-celebration.svg'),
        visibleFrom: at(-2, 8),
        expiresOn: at(12),
        points: 40,
        acceptedAnswers: ['Podium Power'],
        translations: {
          fr: {
            title: 'Chasse au trésor dans la fan zone',
            description: 'Trouvez le mot de passe peint sur le camion de l’équipe dans la fan zone et saisissez-le ici.',
          },
        },
      },
      // History: expired ones.
      {
        type: 'poll',
        subtype: 'pickem',
        title: 'Who finishes higher at Silverstone?',
        description: 'Team-mate battle at the British Grand Prix.',
        mediaId: await image('pickem-silverstone.svg'),
        visibleFrom: at(-16, 8),
        expiresOn: at(-12, 13),
        options: [
          { text: 'Léa Marchand', points: 30 },
          { text: 'Tom Keller', points: 30 },
        ],
        correctIndex: 0,
        translations: {
          fr: {
            title: 'Qui finit devant à Silverstone ?',
            description: 'Duel entre coéquipiers au Grand Prix de Grande-Bretagne.',
            options: ['Léa Marchand', 'Tom Keller'],
          },
        },
      },
      {
        type: 'poll',
        subtype: 'poll',
        title: 'Best overtake of the summer',
        description: 'Spa, Zandvoort or Budapest: which move had you on your feet?',
        mediaId: await image('poll-celebration.svg'),
        visibleFrom: at(-20, 8),
        expiresOn: at(-3),
        options: [
          { text: 'Léa around the outside at Spa', points: 15 },
          { text: 'Tom’s late lunge in Zandvoort', points: 15 },
          { text: 'The double pass in Budapest', points: 15 },
        ],
        translations: {
          fr: {
            title: 'Le plus beau dépassement de l’été',
            description: 'Spa, Zandvoort ou Budapest : quelle manœuvre vous a fait bondir ?',
            options: ['Léa par l’extérieur à Spa', 'Le freinage tardif de Tom à Zandvoort', 'Le double dépassement à Budapest'],
          },
        },
      },
      {
        type: 'trivia',
        subtype: 'trivia',
        title: 'Season opener quiz',
        description: 'Three questions from the first race weekend.',
        mediaId: await image('trivia-history.svg'),
        visibleFrom: at(-40, 8),
        expiresOn: at(-25),
        questions: [
          { id: 's1', text: 'How many laps does a sprint race cover, roughly?', points: 15, options: ['About 100 km', 'About 200 km', 'About 300 km', 'About 50 km'], correctIndex: 0 },
          { id: 's2', text: 'What does a blue flag tell a driver?', points: 15, options: ['Pit now', 'Let a faster car pass', 'Track is wet', 'Race is over'], correctIndex: 1 },
          { id: 's3', text: 'Where does the pit crew change tyres?', points: 15, options: ['On the grid', 'In the garage box', 'In the pit lane box', 'In the paddock'], correctIndex: 2 },
        ],
        translations: {
          fr: {
            title: 'Quiz de la première course',
            description: 'Trois questions sur le premier week-end de course.',
            questions: [
              { text: 'Quelle distance couvre à peu près une course sprint ?', options: ['Environ 100 km', 'Environ 200 km', 'Environ 300 km', 'Environ 50 km'] },
              { text: 'Que signifie un drapeau bleu pour un pilote ?', options: ['Rentrer au stand', 'Laisser passer une voiture plus rapide', 'La piste est mouillée', 'La course est finie'] },
              { text: 'Où l’équipe change-t-elle les pneus ?', options: ['Sur la grille', 'Dans le garage', 'Sur l’emplacement de la voie des stands', 'Dans le paddock'] },
            ],
          },
        },
      },
      {
        type: 'poll',
        subtype: 'arcade',
        title: 'How many laps is the Monaco Grand Prix?',
        description: 'The streets of the Principality, lap after lap.',
        mediaId: await image('arcade-top-speed.svg'),
        visibleFrom: at(-30, 8),
        expiresOn: at(-22),
        points: 35,
        options: [
          { text: '58 laps', points: 5 },
          { text: '70 laps', points: 5 },
          { text: '78 laps', points: 5 },
          { text: '88 laps', points: 5 },
        ],
        correctIndex: 2,
        translations: {
          fr: {
            title: 'Combien de tours compte le Grand Prix de Monaco ?',
            description: 'Les rues de la Principauté, tour après tour.',
            options: ['58 tours', '70 tours', '78 tours', '88 tours'],
          },
        },
      },
      // Coming soon: not visible yet.
      {
        type: 'poll',
        subtype: 'pickem',
        title: 'Top 10 start for Léa in Singapore?',
        description: 'Predict qualifying under the lights of Marina Bay.',
        mediaId: await image('pickem-pole.svg'),
        visibleFrom: at(4, 8),
        expiresOn: at(9, 12),
        options: [
          { text: 'Yes, top 10', points: 30 },
          { text: 'No, outside the top 10', points: 30 },
        ],
        translations: {
          fr: {
            title: 'Léa dans le top 10 au départ à Singapour ?',
            description: 'Pronostiquez les qualifications sous les projecteurs de Marina Bay.',
            options: ['Oui, dans le top 10', 'Non, hors du top 10'],
          },
        },
      },
      {
        type: 'input',
        subtype: 'keyword',
        title: 'Grand Prix night: word of the evening',
        description: 'At the fan party, listen for the word of the evening and enter it here.',
        mediaId: await image('keyword-big-screen.svg'),
        visibleFrom: at(6, 8),
        expiresOn: at(7),
        points: 60,
        acceptedAnswers: ['Lights out'],
        translations: {
          fr: {
            title: 'Soirée Grand Prix : le mot de la soirée',
            description: 'Pendant la soirée des fans, écoutez le mot de la soirée et saisissez-le ici.',
          },
        },
      },
      {
        type: 'poll',
        subtype: 'poll',
        title: 'Rain in Suzuka: will it play a part?',
        description: 'Tell us what you expect from the Japanese Grand Prix weekend.',
        mediaId: await image('pickem-monza.svg'),
        visibleFrom: at(8, 8),
        expiresOn: at(14),
        options: [
          { text: 'Dry all weekend', points: 15 },
          { text: 'Wet qualifying only', points: 15 },
          { text: 'A wet race', points: 15 },
        ],
        translations: {
          fr: {
            title: 'La pluie à Suzuka : jouera-t-elle un rôle ?',
            description: 'Dites-nous ce que vous attendez du week-end du Grand Prix du Japon.',
            options: ['Sec tout le week-end', 'Qualifications sous la pluie seulement', 'Une course sous la pluie'],
          },
        },
      },
    ];
    await createChallenges(
      tx,
      organization.id,
      seeds.map((s, i) => ({ ...s, sortOrder: i })),
    );
    await seedContent(tx, organization, options.now);
    await seedProgram(tx, organization.id);
    return organization;
  });
}
