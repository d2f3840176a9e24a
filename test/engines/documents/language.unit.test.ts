import { describe, expect, it } from 'vitest';
import { textSearchConfigFor } from '../../../src/engines/documents';

const SAMPLES: Record<string, string> = {
  english:
    'The committee reviewed the proposal and decided that it would be better to wait until the end of the year before making any changes to the budget. Most of the members agreed with this view, although some of them were worried about the cost of delay.',
  french:
    "Le comité a examiné la proposition et a décidé qu'il valait mieux attendre la fin de l'année avant de modifier le budget. La plupart des membres étaient d'accord avec cette idée, mais certains s'inquiétaient du coût du retard.",
  german:
    'Der Ausschuss hat den Vorschlag geprüft und beschlossen, dass es besser wäre, bis zum Ende des Jahres zu warten, bevor man das Budget ändert. Die meisten Mitglieder waren damit einverstanden, obwohl einige sich über die Kosten der Verzögerung Sorgen machten.',
  spanish:
    'El comité revisó la propuesta y decidió que sería mejor esperar hasta el final del año antes de hacer cambios en el presupuesto. La mayoría de los miembros estuvo de acuerdo con esta idea, aunque algunos se preocupaban por el costo del retraso.',
  italian:
    "Il comitato ha esaminato la proposta e ha deciso che sarebbe stato meglio aspettare fino alla fine dell'anno prima di modificare il bilancio. La maggior parte dei membri era d'accordo con questa idea, anche se alcuni erano preoccupati per il costo del ritardo.",
  portuguese:
    'O comitê analisou a proposta e decidiu que seria melhor esperar até o final do ano antes de fazer mudanças no orçamento. A maioria dos membros concordou com essa ideia, embora alguns estivessem preocupados com o custo do atraso.',
  dutch:
    'De commissie heeft het voorstel bekeken en besloten dat het beter was om tot het einde van het jaar te wachten voordat de begroting wordt gewijzigd. De meeste leden waren het daarmee eens, hoewel sommigen zich zorgen maakten over de kosten van het uitstel.',
  russian:
    'Комитет рассмотрел предложение и решил, что лучше подождать до конца года, прежде чем вносить изменения в бюджет. Большинство членов согласились с этим, хотя некоторые из них беспокоились о стоимости задержки.',
};

describe('textSearchConfigFor', () => {
  for (const [language, sample] of Object.entries(SAMPLES)) {
    it(`recognises ${language}`, () => {
      expect(textSearchConfigFor(sample)).toBe(language);
    });
  }

  it("falls back to 'simple' for numbers, codes and tiny samples", () => {
    expect(textSearchConfigFor('12 34 56 7.8 9,000 2023-01-02 42 17 99 100 3.14 2.71')).toBe('simple');
    expect(textSearchConfigFor('SKU-1234 SKU-5678 X9 Y7 Z3 QQ-12')).toBe('simple');
    expect(textSearchConfigFor('the')).toBe('simple');
    expect(textSearchConfigFor('')).toBe('simple');
  });

  it('decides a long text by its start', () => {
    const text = `${SAMPLES.german} `.repeat(200) + `${SAMPLES.english} `.repeat(2000);
    expect(textSearchConfigFor(text)).toBe('german');
  });
});
