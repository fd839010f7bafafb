/**
 * Catalogue templates for organisations that serve people (spec 000 §2 "template"): schools (enrollment,
 * scholarships), clinics (patient intake, appointment requests), real estate (rental applications, viewings,
 * valuations) and nonprofits (volunteers, donation pledges). Built with `templates/build.ts`; listed in
 * `templates/catalogue.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { answerIs, flow, page, q } from '../build';

/** The education, healthcare, real estate and nonprofit templates of the catalogue. */
export const SERVICE_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'student-enrollment',
    name: 'Student enrollment',
    description: 'Enroll a new student with guardian contacts, previous schooling and medical notes.',
    categories: ['education', 'registration'],
    isFeatured: false,
    featuredThemeId: 'calm',
    type: 'form',
    template: flow(
      [
        page('Student', [
          q.short('studentFirstName', 'Student first name', { required: true }),
          q.short('studentLastName', 'Student last name', { required: true }),
          q.date('studentBirthDate', 'Date of birth', { required: true }),
          q.dropdown('gradeLevel', 'Grade applying for', ['Kindergarten', 'Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5', 'Grade 6'], { required: true, name: 'Grade' }),
          q.short('previousSchool', 'Previous school (if any)'),
        ]),
        page('Parent or guardian', [
          q.short('guardianName', 'Parent or guardian name', { required: true }),
          q.choice('guardianRelation', 'Relationship to the student', ['Mother', 'Father', 'Legal guardian', 'Other'], { required: true, name: 'Relationship' }),
          q.email('guardianEmail', 'Email', { required: true }),
          q.phone('guardianPhone', 'Phone', { required: true }),
          q.address('familyAddress', 'Home address', { required: true, requirePostalCode: true }),
        ]),
        page('Health and consent', [
          q.long('medicalNotes', 'Allergies, medical conditions or learning support needs', { placeholder: 'Leave blank if none', name: 'Medical notes' }),
          q.checkbox('photoConsent', 'The school may use photos of my child in newsletters', { name: 'Photo consent' }),
          q.signature('guardianSignature', 'Parent or guardian signature', { required: true }),
        ]),
      ],
      { title: 'Enrollment submitted', body: 'Thank you. The school office will contact you within five school days.' },
    ),
  },
  {
    slug: 'scholarship-application',
    name: 'Scholarship application',
    description: 'Collect academic records, financial need and an essay from scholarship applicants.',
    categories: ['education'],
    isFeatured: false,
    featuredThemeId: 'formalGray',
    type: 'form',
    template: flow(
      [
        page('Applicant', [
          q.short('applicantName', 'Full name', { required: true }),
          q.email('applicantEmail', 'Email', { required: true }),
          q.short('schoolName', 'Current school or university', { required: true }),
          q.number('gpa', 'Grade point average (0–4.0)', { required: true, min: 0, max: 4, name: 'GPA' }),
        ]),
        page('Financial need', [
          q.dropdown('householdIncome', 'Yearly household income', ['Under $25,000', '$25,000–$50,000', '$50,000–$75,000', '$75,000–$100,000', 'Over $100,000'], { required: true, name: 'Household income' }),
          q.number('dependents', 'How many people live in your household?', { min: 1, max: 20, name: 'Household size' }),
          q.choice('otherAid', 'Do you receive any other financial aid?', ['Yes', 'No'], { name: 'Other aid' }),
          q.currency('otherAidAmount', 'How much other aid do you receive per year?', { currency: 'USD', min: 0, visibleIf: answerIs('otherAid', 'otherAid-yes'), name: 'Other aid amount' }),
        ]),
        page('Essay and documents', [
          q.long('essay', 'In 300 words or fewer: what do you hope to achieve with this scholarship?', { required: true, name: 'Essay' }),
          q.file('transcript', 'Upload your latest transcript', { required: true, allowedTypes: ['pdf'], maxSizeMb: 10, name: 'Transcript' }),
          q.file('recommendation', 'Letter of recommendation (optional)', { allowedTypes: ['pdf', 'doc', 'docx'], maxSizeMb: 10, name: 'Recommendation' }),
        ]),
      ],
      { title: 'Application submitted', body: 'Good luck, {{answers.applicantName}}! Decisions are announced by email at the end of the cycle.' },
    ),
  },
  {
    slug: 'patient-intake',
    name: 'Patient intake form',
    description: 'A new-patient form covering contact details, insurance, medical history and consent.',
    categories: ['healthcare'],
    isFeatured: true,
    featuredThemeId: 'serene',
    type: 'form',
    template: flow(
      [
        page('Patient details', [
          q.short('patientName', 'Full name', { required: true }),
          q.date('patientBirthDate', 'Date of birth', { required: true }),
          q.choice('sex', 'Sex assigned at birth', ['Female', 'Male', 'Intersex', 'Prefer not to say'], { name: 'Sex' }),
          q.phone('patientPhone', 'Phone', { required: true }),
          q.email('patientEmail', 'Email'),
          q.address('patientAddress', 'Home address', { required: true }),
        ]),
        page('Insurance', [
          q.short('insurer', 'Insurance provider', { placeholder: 'Leave blank if paying privately' }),
          q.short('policyNumber', 'Policy or member number'),
          q.file('insuranceCard', 'Photo of the front of your insurance card', { allowedTypes: 'images', maxSizeMb: 10, name: 'Insurance card' }),
        ]),
        page('Medical history', [
          q.long('visitReason', 'What is the reason for your visit?', { required: true }),
          q.checkboxes('conditions', 'Have you ever been diagnosed with any of the following?', ['Asthma', 'Diabetes', 'Heart disease', 'High blood pressure', 'Cancer', 'None of these'], { name: 'Conditions' }),
          q.long('medications', 'Current medications and doses', { placeholder: 'e.g. Metformin 500 mg twice a day', name: 'Medications' }),
          q.short('drugAllergies', 'Drug allergies', { placeholder: 'e.g. penicillin', name: 'Allergies' }),
          q.choice('smoker', 'Do you smoke?', ['Never', 'Former smoker', 'Current smoker'], { name: 'Smoking' }),
        ]),
        page('Consent', [
          q.short('emergencyContact', 'Emergency contact name and phone', { required: true, name: 'Emergency contact' }),
          q.checkbox('treatmentConsent', 'I consent to examination and treatment and confirm the information above is correct', { required: true, name: 'Consent' }),
          q.signature('patientSignature', 'Signature', { required: true }),
        ]),
      ],
      { title: 'Thank you', body: 'Your intake form is complete. Please arrive 10 minutes before your appointment.' },
    ),
  },
  {
    slug: 'medical-appointment-request',
    name: 'Clinic appointment request',
    description: 'Let patients request an appointment, describe symptoms and pick a time that works.',
    categories: ['healthcare', 'booking'],
    isFeatured: false,
    featuredThemeId: 'plain',
    type: 'form',
    template: flow(
      [
        page('The appointment', [
          q.choice('patientStatus', 'Are you a new or returning patient?', ['New patient', 'Returning patient'], { required: true, name: 'Patient status' }),
          q.dropdown('department', 'Which service do you need?', ['General practice', 'Paediatrics', 'Dermatology', 'Physiotherapy', 'Vaccinations'], { required: true, name: 'Service' }),
          q.long('symptoms', 'Briefly describe your symptoms or the reason for the visit', { required: true, name: 'Symptoms' }),
          q.scale('urgency', 'How urgent is it?', { start: 1, end: 5, leftLabel: 'Routine', rightLabel: 'Very urgent', name: 'Urgency' }),
        ]),
        page('When and who', [
          q.date('preferredDay', 'Preferred date', { required: true }),
          q.choice('timeOfDay', 'Preferred time', ['Morning', 'Afternoon', 'Evening'], { name: 'Time of day' }),
          q.short('patientFullName', 'Patient name', { required: true }),
          q.phone('patientMobile', 'Mobile number', { required: true }),
        ]),
      ],
      { title: 'Request received', body: 'The front desk will call you to confirm. If this is an emergency, call your local emergency number now.' },
    ),
  },
  {
    slug: 'rental-application',
    name: 'Rental application',
    description: 'Screen prospective tenants: household, employment, income, rental history and references.',
    categories: ['real-estate'],
    isFeatured: false,
    featuredThemeId: 'quietSand',
    type: 'form',
    template: flow(
      [
        page('Applicant', [
          q.short('tenantName', 'Full name', { required: true }),
          q.email('tenantEmail', 'Email', { required: true }),
          q.phone('tenantPhone', 'Phone', { required: true }),
          q.short('propertyAddress', 'Address of the property you are applying for', { required: true, name: 'Property' }),
          q.date('moveIn', 'Desired move-in date', { required: true }),
        ]),
        page('Household and income', [
          q.number('occupants', 'How many people will live in the property?', { required: true, min: 1, max: 12, name: 'Occupants' }),
          q.choice('pets', 'Do you have pets?', ['No pets', 'Cat', 'Dog', 'Other'], { name: 'Pets' }),
          q.short('employer', 'Current employer', { name: 'Employer' }),
          q.currency('monthlyIncome', 'Monthly income before tax', { required: true, currency: 'USD', min: 0 }),
          q.file('proofOfIncome', 'Proof of income (last three payslips)', { allowedTypes: 'documents', maxFiles: 3, maxSizeMb: 10, name: 'Proof of income' }),
        ]),
        page('Rental history', [
          q.address('currentAddress', 'Current address', { required: true }),
          q.number('yearsAtAddress', 'Years at current address', { min: 0, max: 80, name: 'Years at address' }),
          q.short('landlordContact', 'Current landlord name and phone', { name: 'Landlord reference' }),
          q.checkbox('backgroundCheck', 'I authorise a credit and background check', { required: true, name: 'Background check consent' }),
        ]),
      ],
      { title: 'Application received', body: 'Thanks, {{answers.tenantName}}. We will contact your references and reply within three business days.' },
    ),
  },
  {
    slug: 'property-viewing-request',
    name: 'Property viewing request',
    description: 'Book viewings for a listing and learn what each buyer or renter is looking for.',
    categories: ['real-estate', 'booking'],
    isFeatured: false,
    featuredThemeId: 'wallFlower',
    type: 'form',
    template: flow(
      [
        page('The viewing', [
          q.short('listing', 'Which property would you like to see?', { required: true, placeholder: 'Listing reference or address', name: 'Listing' }),
          q.dateTime('viewingTime', 'Preferred viewing date and time', { required: true, name: 'Viewing time' }),
          q.choice('viewingType', 'Viewing type', ['In person', 'Video call'], { required: true, name: 'Viewing type' }),
        ]),
        page('About you', [
          q.short('viewerName', 'Your name', { required: true, name: 'Name' }),
          q.phone('viewerPhone', 'Phone', { required: true, name: 'Phone' }),
          q.choice('buyOrRent', 'Are you looking to buy or rent?', ['Buy', 'Rent'], { required: true, name: 'Buy or rent' }),
          q.choice('mortgage', 'Do you have a mortgage agreement in principle?', ['Yes', 'Not yet', 'Cash buyer'], { visibleIf: answerIs('buyOrRent', 'buyOrRent-buy'), name: 'Mortgage' }),
          q.long('mustHaves', 'What are your must-haves?', { placeholder: 'Garden, parking, near schools…', name: 'Must-haves' }),
        ]),
      ],
      { title: 'Viewing requested', body: 'An agent will confirm the viewing by phone within one working day.' },
    ),
  },
  {
    slug: 'home-valuation-request',
    name: 'Home valuation request',
    description: 'Capture seller leads with a free valuation request that describes the home.',
    categories: ['real-estate', 'lead-generation'],
    isFeatured: false,
    featuredThemeId: 'navyPop',
    type: 'form',
    template: flow(
      [
        page('Your home', [
          q.address('homeAddress', 'Property address', { required: true, requirePostalCode: true }),
          q.dropdown('propertyType', 'Property type', ['Detached house', 'Semi-detached house', 'Terraced house', 'Apartment', 'Bungalow'], { required: true, name: 'Property type' }),
          q.number('bedrooms', 'Bedrooms', { required: true, min: 0, max: 20 }),
          q.number('bathrooms', 'Bathrooms', { min: 0, max: 20 }),
          q.number('floorArea', 'Floor area (square feet)', { min: 0, name: 'Floor area' }),
          q.checkboxes('features', 'Features', ['Garden', 'Garage', 'Off-street parking', 'Recently renovated', 'Solar panels'], { name: 'Features' }),
        ]),
        page('Your plans', [
          q.choice('sellingTimeline', 'When are you thinking of selling?', ['Within 3 months', '3–6 months', '6–12 months', 'Just curious'], { required: true, name: 'Timeline' }),
          q.short('ownerName', 'Your name', { required: true, name: 'Name' }),
          q.email('ownerEmail', 'Email for your valuation', { required: true, name: 'Email' }),
          q.phone('ownerPhone', 'Phone', { name: 'Phone' }),
        ]),
      ],
      { title: 'Valuation on its way', body: 'A local agent will prepare your valuation and send it to {{answers.ownerEmail}} within 48 hours.' },
    ),
  },
  {
    slug: 'volunteer-signup',
    name: 'Volunteer signup',
    description: 'Recruit volunteers and match them to roles by skills and availability.',
    categories: ['nonprofit', 'registration'],
    isFeatured: false,
    featuredThemeId: 'ecofriendly',
    type: 'form',
    template: flow(
      [
        page('About you', [
          q.short('volunteerName', 'Full name', { required: true }),
          q.email('volunteerEmail', 'Email', { required: true }),
          q.phone('volunteerPhone', 'Phone'),
          q.choice('adult', 'Are you 18 or older?', ['Yes', 'No'], { required: true, name: 'Adult' }),
        ]),
        page('How you can help', [
          q.checkboxes('roles', 'Which roles interest you?', ['Event setup', 'Fundraising', 'Food bank shifts', 'Tutoring', 'Social media', 'Driving'], { required: true, name: 'Roles' }),
          q.matrix('availability', 'When are you usually available?', ['Weekday mornings', 'Weekday evenings', 'Saturdays', 'Sundays'], ['Never', 'Sometimes', 'Usually'], { name: 'Availability' }),
          q.short('skills', 'Any skills or languages you would like to use?', { placeholder: 'e.g. Spanish, accounting, first aid', name: 'Skills' }),
          q.long('volunteerWhy', 'Why would you like to volunteer with us?', { name: 'Motivation' }),
        ]),
      ],
      { title: 'Thank you for volunteering!', body: 'Our volunteer coordinator will be in touch with upcoming opportunities.' },
    ),
  },
  {
    slug: 'donation-pledge',
    name: 'Donation pledge',
    description: 'Let supporters pledge a one-off or monthly gift and choose the cause it goes to.',
    categories: ['nonprofit'],
    isFeatured: false,
    featuredThemeId: 'coral',
    type: 'form',
    template: flow(
      [
        page('Your gift', [
          q.choice('giftFrequency', 'How would you like to give?', ['One-off gift', 'Monthly gift'], { required: true, name: 'Frequency' }),
          q.currency('giftAmount', 'Amount', { required: true, currency: 'USD', min: 1, placeholder: '25.00', name: 'Amount' }),
          q.dropdown('cause', 'Where should your gift go?', ['Where it is needed most', 'Clean water projects', 'School meals', 'Emergency relief'], { required: true, name: 'Cause' }),
          q.choice('inMemory', 'Is this gift in memory of someone?', ['No', 'Yes'], { name: 'In memory' }),
          q.short('tributeName', 'In memory of', { visibleIf: answerIs('inMemory', 'inMemory-yes'), name: 'Tribute name' }),
        ]),
        page('Your details', [
          q.short('donorName', 'Full name', { required: true }),
          q.email('donorEmail', 'Email for your receipt', { required: true, name: 'Email' }),
          q.address('donorAddress', 'Postal address (for tax receipts)', { name: 'Address' }),
          q.checkbox('anonymous', 'Keep my gift anonymous on the supporters wall', { name: 'Anonymous' }),
          q.checkbox('updates', 'Send me updates on the projects I support', { name: 'Wants updates' }),
        ]),
      ],
      { title: 'Thank you for your generosity', body: 'We will email payment instructions and your receipt to {{answers.donorEmail}}.' },
    ),
  },
];
