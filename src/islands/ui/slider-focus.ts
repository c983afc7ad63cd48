// A keen-slider plugin for sliders of links (the bank carousel, the recently-viewed strips).
// keen-slider moves slides with transforms inside a clipped track. When Tab reaches a link on a
// slide out of view, the browser would scroll the clipped track to show it, under the transforms,
// leaving the slides misplaced; instead the track stays put and the slider brings that slide in.
import type { KeenSliderPlugin } from 'keen-slider';

export const followFocus: KeenSliderPlugin = (slider) => {
  const keepTrackStill = () => {
    slider.container.scrollLeft = 0;
  };
  const showFocusedSlide = (event: FocusEvent) => {
    const details = slider.track.details;
    const index = slider.slides.findIndex((slide) => slide.contains(event.target as Node));
    const slide = details?.slides[index];
    // (portion: how much of the slide is in view; rounding leaves a visible one just under 1)
    if (slide && slide.portion < 0.99) slider.moveToIdx(slide.abs, true);
  };
  slider.on('created', () => {
    slider.container.addEventListener('scroll', keepTrackStill);
    slider.container.addEventListener('focusin', showFocusedSlide);
  });
  slider.on('destroyed', () => {
    slider.container.removeEventListener('scroll', keepTrackStill);
    slider.container.removeEventListener('focusin', showFocusedSlide);
  });
};
