// The offline page's "Try again": the address she opened, requested again. Back online, it tries by itself.
(() => {
  const retry = () => window.location.reload();
  document.getElementById('try-again')?.addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
