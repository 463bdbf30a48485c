import type { Post } from './posts';

/** One block of a post's body, rendered in order by the post layout. */
export type PostBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h2'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** The post's pull quote. */
  | { kind: 'quote'; text: string; cite: string };

/**
 * The posts' bodies, by slug: only the post pages import them, so lists and the home pages'
 * news cards do not download every article (6.7 kB of brotli on /homeFour).
 */
export const postBodies: Readonly<Record<Post['slug'], readonly PostBlock[]>> = {
  'healthy-eating-and-hydration-for-your-spine': [
    { kind: 'p', text: 'We often talk about posture, exercise and sleep when we talk about back health. What you eat and drink gets less attention, yet it quietly shapes how your muscles recover, how much energy you have for movement, and how you feel at the end of a long day in Abuja heat.' },
    { kind: 'p', text: 'The cushions between your vertebrae, the intervertebral discs, contain a large share of water. Through the day they lose a little height under load and regain it overnight while you rest. Staying reasonably well hydrated is one ordinary way to support that daily cycle, alongside rest and movement.' },
    { kind: 'h2', text: 'Water through the day, not all at once' },
    { kind: 'p', text: 'Keep a refillable bottle at your desk or in your car and sip regularly rather than drinking a large amount in one go. In the dry harmattan months and during the hottest weeks you may need more than you think. Pale yellow urine is a simple sign that you are drinking enough; if you have a heart or kidney condition, ask your doctor how much is right for you.' },
    { kind: 'quote', text: 'There is no single food that fixes a sore back. There is a plate, most days, that gives your body what it needs to heal and keep moving.', cite: 'Dr. Ibrahim Musa' },
    { kind: 'h2', text: 'A plate that supports recovery' },
    { kind: 'list', items: [
      'Vegetables and fruit at most meals: ugu, spinach, garden egg, oranges, pawpaw and watermelon are easy local choices.',
      'Protein to repair muscle: beans, fish, eggs, chicken, groundnuts or moin moin.',
      'Whole grains and tubers for steady energy: brown rice, millet, oats, yam and sweet potato.',
      'Fewer sugary drinks and heavily fried snacks, which add calories without much nourishment.',
    ] },
    { kind: 'p', text: 'Carrying extra weight puts more load on the lower back, hips and knees. Gradual, sustainable changes to what you eat, combined with regular walking, tend to last longer than strict diets. If you would like tailored advice, our team can talk it through with you or refer you to a registered dietitian.' },
    { kind: 'p', text: 'None of this replaces an assessment if you have ongoing pain. It simply helps create the conditions in which treatment, exercise and rest can do their work.' },
  ],
  'childrens-backpacks-and-posture': [
    { kind: 'p', text: 'Textbooks, exercise books, a lunch box, a water bottle and sports kit add up quickly. Many parents tell us their children come home complaining of sore shoulders or a tired back, and they want to know whether the school bag is to blame.' },
    { kind: 'p', text: 'A heavy bag is rarely the only cause of back pain in children, but the way a bag is packed and carried can make a real difference to comfort, especially on the walk to school or between classes.' },
    { kind: 'h2', text: 'Choosing the bag' },
    { kind: 'list', items: [
      'Two wide, padded shoulder straps rather than a single strap worn across the body.',
      'A padded back panel and, ideally, a waist strap for longer walks.',
      'A size that matches your child: the bag should not hang more than a few centimetres below the waist.',
    ] },
    { kind: 'quote', text: 'Both straps, snug and high: the bag should sit close to the back, not swing at the hips.', cite: 'Dr. Funmilayo Adeyemi' },
    { kind: 'h2', text: 'Packing and wearing it' },
    { kind: 'p', text: 'A common guideline is to keep the loaded bag to roughly a tenth of your child\u2019s body weight. Put the heaviest items, such as textbooks, closest to the back and lighter things in the outer pockets. Go through the bag together once a week; old worksheets and forgotten toys add weight surprisingly fast.' },
    { kind: 'p', text: 'Encourage your child to lift the bag by bending the knees, and to wear both straps, tightened so the bag sits high and close. If your child leans forward noticeably to carry it, it is too heavy or too loose.' },
    { kind: 'p', text: 'If pain lasts more than a few days, wakes your child at night, or comes with numbness, fever or a limp, please see a doctor promptly. Children\u2019s complaints deserve a proper look, and most of the time the answer is reassuring.' },
  ],
  'caring-for-your-back-during-pregnancy': [
    { kind: 'p', text: 'Back and pelvic discomfort are very common in pregnancy. Your centre of gravity moves forward as your baby grows, the curve in your lower back tends to increase, and hormones loosen the ligaments around your pelvis to prepare for birth. All of this is normal, and it can still make everyday tasks uncomfortable.' },
    { kind: 'h2', text: 'Everyday habits that help' },
    { kind: 'list', items: [
      'Wear low, supportive shoes and avoid standing in one position for long periods.',
      'When you sit, use a small cushion behind your lower back and keep both feet on the floor.',
      'Get out of bed by rolling onto your side first, then pushing up with your arms.',
      'Sleep on your side with a pillow between your knees and, if it helps, one under your bump.',
      'Keep moving: walking and antenatal exercise classes are generally well suited to pregnancy.',
    ] },
    { kind: 'quote', text: 'Pregnancy is not the time to push through pain. It is the time to move gently, rest well and ask questions early.', cite: 'Dr. Adaeze Okafor' },
    { kind: 'h2', text: 'How chiropractic care fits in' },
    { kind: 'p', text: 'Our clinicians adapt their assessment and techniques for pregnancy, with positioning that keeps you comfortable and without pressure on your abdomen. Care usually combines gentle manual techniques, soft-tissue work and exercises you can do at home. We work alongside your midwife or obstetrician and will always tell you if something needs their attention first.' },
    { kind: 'p', text: 'Contact your maternity team straight away if back pain comes with bleeding, fever, regular tightenings, pain when passing urine, or a sudden change in how you feel. Those are not things to wait on.' },
    { kind: 'p', text: 'Every pregnancy is different. If you are unsure whether something is normal, ask: we would much rather hear from you early.' },
  ],
  'walking-your-way-to-a-healthier-back': [
    { kind: 'p', text: 'When patients ask which exercise is best for their back, our answer is often the simplest one: walk. Walking moves the joints of your spine and hips through a comfortable range, works the muscles that support your trunk, and helps with mood, sleep and weight, all of which affect how pain feels.' },
    { kind: 'h2', text: 'Start where you are' },
    { kind: 'p', text: 'If you have been inactive or your back is sore, start with ten minutes at an easy pace, once or twice a day. Add a few minutes every few days as it feels comfortable. Over several weeks, many people build up to thirty minutes on most days. It is fine to split it into shorter walks.' },
    { kind: 'quote', text: 'The best exercise for your back is the one you will still be doing in three months.', cite: 'Chinedu Eze' },
    { kind: 'h2', text: 'Making it part of the week' },
    { kind: 'list', items: [
      'Walk early in the morning or in the evening to avoid the strongest heat, and carry water.',
      'Choose comfortable, supportive shoes and even ground, such as a park or a quiet estate road.',
      'Use a phone call as a reason to walk, or get off the bus one stop early.',
      'Invite a friend or family member: company makes it easier to keep going.',
    ] },
    { kind: 'p', text: 'Stand tall, let your arms swing naturally and look ahead rather than down at your phone. A little breathlessness is fine; you should still be able to talk.' },
    { kind: 'p', text: 'If walking increases leg pain, numbness or tingling, or your pain keeps getting worse, stop and book an assessment. Our rehabilitation team can help you find a starting level and a plan that suits your body.' },
  ],
  'your-first-chiropractic-adjustment-what-to-expect': [
    { kind: 'p', text: 'Many people arrive for their first appointment unsure what will happen, and some have heard stories that make them wary. Knowing what to expect makes the visit easier, so here is how a first appointment at our clinic usually runs.' },
    { kind: 'h2', text: 'Conversation first' },
    { kind: 'p', text: 'We start by listening. Your clinician will ask about your symptoms, when they began, what makes them better or worse, your general health, medicines, previous injuries and your work and daily routine. Bring any scans, reports or letters you have.' },
    { kind: 'h2', text: 'The examination' },
    { kind: 'p', text: 'Next comes a physical examination: how you stand and move, which movements are comfortable, muscle strength, reflexes and sensation. If something suggests you need tests or another specialist, we will tell you plainly and help arrange it rather than starting treatment.' },
    { kind: 'quote', text: 'You stay in charge of your care. Nothing happens until it has been explained and you have agreed to it.', cite: 'Dr. Adaeze Okafor' },
    { kind: 'h2', text: 'What an adjustment feels like' },
    { kind: 'p', text: 'An adjustment is a quick, controlled movement applied to a joint. You may hear a click or pop, which is gas being released within the joint, not bones \u201ccracking\u201d. Most people feel pressure rather than pain. We also use gentler, low-force techniques and soft-tissue work, and we choose what suits you, your age and your comfort.' },
    { kind: 'h2', text: 'Afterwards' },
    { kind: 'list', items: [
      'Some people feel looser straight away; others feel mild stiffness or aching for a day or two, much like after new exercise.',
      'We usually give you a few simple exercises or habits to work on at home.',
      'We agree together whether further visits make sense and review your progress regularly.',
    ] },
    { kind: 'p', text: 'If anything worries you before or after your visit, call us. Questions are always welcome.' },
  ],
  'sleeping-position-and-choosing-a-pillow': [
    { kind: 'p', text: 'You spend roughly a third of your life in bed, so it is no surprise that how you sleep can influence how your neck and back feel in the morning. There is no single perfect position, but there are ways to make each one kinder to your spine.' },
    { kind: 'h2', text: 'Back sleepers' },
    { kind: 'p', text: 'Choose a medium-height pillow that supports the curve of your neck without pushing your head forward. A pillow under your knees can take pressure off the lower back.' },
    { kind: 'h2', text: 'Side sleepers' },
    { kind: 'p', text: 'Your pillow needs to fill the gap between your ear and the mattress so your head stays level with your spine. A pillow between your knees keeps your hips and lower back aligned, which many people find makes a noticeable difference.' },
    { kind: 'h2', text: 'Stomach sleepers' },
    { kind: 'p', text: 'Sleeping on your front turns your neck to one side for hours. If you cannot change the habit, try a very thin pillow or none at all, with a flat pillow under your hips. Gradually training yourself towards side sleeping is often worth the effort.' },
    { kind: 'quote', text: 'A good pillow keeps your head in line with your spine, whichever way you sleep.', cite: 'Tunde Bakare' },
    { kind: 'h2', text: 'Pillows, mattresses and routine' },
    { kind: 'list', items: [
      'Replace pillows that have gone flat or lumpy; fold one in half, and if it does not spring back, it is time.',
      'A medium-firm mattress suits many people, but comfort matters more than labels.',
      'Keep the room cool and dark, and put the phone away a while before sleep.',
    ] },
    { kind: 'p', text: 'If you regularly wake with pain, numbness or headaches, mention it at your next visit. Sleep is one piece of the picture, and we can look at the rest with you.' },
  ],
  'text-neck-phone-use-and-neck-pain': [
    { kind: 'p', text: 'Chats, news, mobile banking, videos: most of us spend hours a day looking down at a phone. The head is heavy, and the further it tilts forward, the harder the muscles at the back of the neck and shoulders have to work to hold it up. Over time, that can contribute to stiffness, aching and tension headaches.' },
    { kind: 'p', text: 'Clinicians sometimes call this pattern \u201ctext neck\u201d. It is not a diagnosis to fear; it is a reminder that sustained positions, held for a long time, are often what our bodies complain about.' },
    { kind: 'quote', text: 'Bring the phone up to your eyes, not your eyes down to the phone.', cite: 'Dr. Funmilayo Adeyemi' },
    { kind: 'h2', text: 'Simple changes' },
    { kind: 'list', items: [
      'Hold your phone closer to eye level, resting your elbow on a table or your other arm.',
      'Set a reminder to look up and roll your shoulders every twenty to thirty minutes.',
      'Use voice notes or calls for long conversations instead of typing.',
      'Read long documents on a computer screen set at eye height.',
    ] },
    { kind: 'h2', text: 'Two gentle exercises' },
    { kind: 'p', text: 'Chin tucks: sitting tall, gently draw your chin straight back, as if making a double chin, hold for five seconds and relax; repeat ten times. Shoulder blade squeezes: draw your shoulder blades back and down, hold for five seconds and release; repeat ten times. Neither should hurt.' },
    { kind: 'p', text: 'If neck pain spreads into your arm, comes with numbness or weakness, or follows a fall or accident, book an assessment rather than relying on exercises alone.' },
  ],
  'gentle-exercises-for-lower-back-pain-relief': [
    { kind: 'p', text: 'Lower back pain is one of the most common reasons people visit us. The good news is that most everyday back pain improves within a few weeks, and staying gently active usually helps more than resting in bed.' },
    { kind: 'p', text: 'These exercises are a starting point that many of our patients find helpful. Move slowly, breathe normally and stop any exercise that causes sharp pain or pain that spreads down your leg.' },
    { kind: 'h2', text: 'Five to try' },
    { kind: 'list', items: [
      'Knee rolls: lie on your back, knees bent, and slowly let both knees roll to one side, then the other. Ten each way.',
      'Pelvic tilts: lying the same way, gently flatten your lower back into the floor, hold for five seconds, relax. Ten times.',
      'Knee to chest: hug one knee towards your chest for twenty seconds, then the other. Three each side.',
      'Cat and camel: on hands and knees, slowly round your back, then let it gently dip. Ten slow repeats.',
      'Bridge: lying on your back, squeeze your buttocks and lift your hips a little, hold for five seconds. Ten times.',
    ] },
    { kind: 'quote', text: 'Motion is lotion: gentle, regular movement is often the best thing for a sore back.', cite: 'Chinedu Eze' },
    { kind: 'h2', text: 'How often and how far' },
    { kind: 'p', text: 'Once or twice a day is plenty. Mild discomfort that eases afterwards is acceptable; pain that builds or lingers is a sign to do less. Combine the exercises with short walks and avoid sitting for long stretches.' },
    { kind: 'p', text: 'Seek prompt medical care if back pain comes with numbness around the groin or buttocks, difficulty passing urine, weakness in the legs, fever or unexplained weight loss. For pain that is not improving after a few weeks, an assessment can help find out why and build a plan that fits you.' },
  ],
  'better-posture-at-your-desk': [
    { kind: 'p', text: 'Whether you work in an office in the Central Business District, a bank hall or from your dining table, many hours of sitting can take a toll. Stiff necks, tight shoulders and aching lower backs are among the most common complaints we hear from desk workers.' },
    { kind: 'p', text: 'There is no single \u201cperfect\u201d posture. The aim is a set-up that lets you sit comfortably supported, and habits that keep you changing position through the day.' },
    { kind: 'h2', text: 'A five-minute workstation check' },
    { kind: 'list', items: [
      'Chair: feet flat on the floor or a footrest, knees roughly level with hips, lower back supported (a rolled towel works).',
      'Screen: top of the screen around eye level, an arm\u2019s length away. For a laptop, a stand and a separate keyboard help a lot.',
      'Keyboard and mouse: close enough that your elbows stay by your sides and bent at about ninety degrees.',
      'Phone: use a headset or speaker rather than holding the phone between ear and shoulder.',
    ] },
    { kind: 'quote', text: 'Your best posture is your next posture: change position often, and your back will notice.', cite: 'Dr. Funmilayo Adeyemi' },
    { kind: 'h2', text: 'Move every thirty minutes' },
    { kind: 'p', text: 'Even a good chair will not undo hours without moving. Stand up, walk to the water dispenser, stretch your arms overhead or roll your shoulders every half hour. Take calls standing when you can. These short breaks add up.' },
    { kind: 'p', text: 'If aches persist despite these changes, or you notice pain, numbness or tingling spreading into an arm or leg, it is worth having an assessment. We look at how you move and work, and suggest changes that fit your job.' },
  ],
};

/** A post's body (empty for an unknown slug). */
export function postBody(slug: string): readonly PostBlock[] {
  return postBodies[slug] ?? [];
}
