# Shared by scripts/run and scripts/test: finds Swift and installs missing Debian packages.
# Sourced, not executed.

# Puts a Swift toolchain on PATH, or explains where to get one.
ensure_swift() {
    if command -v swift >/dev/null 2>&1; then return 0; fi
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/.swiftly/bin"; do
        if [ -x "$dir/swift" ]; then PATH="$dir:$PATH"; export PATH; return 0; fi
    done
    echo "kago: Swift 6 is needed to build kago; install it from https://swift.org/install" >&2
    exit 1
}

# ensure_packages PKG...: installs the Debian packages that are missing, with apt-get when this
# user is root or has password-less sudo; otherwise says what to install and stops.
ensure_packages() {
    local missing=()
    local pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo="sudo"
        else
            echo "kago: missing system packages: ${missing[*]}" >&2
            echo "Install them with: sudo apt-get install ${missing[*]}" >&2
            exit 1
        fi
    fi
    echo "Installing ${missing[*]} ..." >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2 \
        || { $sudo apt-get update -q >&2 && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2; }
}
