#!/usr/bin/env bash
# Regenerates the demo video clips of server/seed/cdn/ with Debian's ffmpeg (apt-get install -y ffmpeg).
# Each clip: 320x180, 5 s, 24 fps, H.264 (baseline-compatible yuv420p, +faststart so browsers can seek with
# Range requests), no audio, about 50-120 KB. Sources are ffmpeg's lavfi generators plus drawtext/drawbox;
# nothing is downloaded. Usage: bash server/seed/cdn/generate-videos.sh
set -euo pipefail
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FONT2=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

clip() { # clip FILE "c0 c1 c2" TITLE SUBTITLE EXTRA_FILTER
  local file=$1 colors=$2 title=$3 subtitle=$4 extra=$5
  read -r c0 c1 c2 <<<"$colors"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=320x180:r=24:d=5:c0=${c0}:c1=${c1}:c2=${c2}:nb_colors=3:speed=0.03:type=linear" \
    -vf "${extra}drawbox=x=0:y=ih-44:w=iw:h=44:color=black@0.45:t=fill,\
drawtext=fontfile=${FONT}:text='${title}':fontcolor=white:fontsize=20:x=14:y=h-40,\
drawtext=fontfile=${FONT2}:text='${subtitle}':fontcolor=white@0.85:fontsize=11:x=14:y=h-17,\
drawtext=fontfile=${FONT}:text='ALPINE RACING':fontcolor=white@0.9:fontsize=10:x=w-tw-10:y=10,\
drawtext=fontfile=${FONT2}:text='%{eif\:t\:d}.%{eif\:mod(t*10\,10)\:d}s':fontcolor=white:fontsize=12:x=w-tw-10:y=h-17" \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset veryslow -crf 30 -maxrate 220k -bufsize 440k \
    -movflags +faststart -an "$file"
}

clip video-pit-stop.mp4 "0x0055A4 0x001E50 0xFF4FA3" 'Pit stop in 2.1 s' 'Four tyres, twenty hands, one heartbeat' \
  "drawbox=x='mod(t*140,iw+60)-60':y=70:w=60:h=26:color=0xFF4FA3@0.9:t=fill,"
clip video-onboard-lap.mp4 "0x10131A 0x0055A4 0x37C3FF" 'Onboard lap at Monza' 'Five seconds of the Temple of Speed' \
  "drawbox=x=0:y='mod(t*220,180)':w=iw:h=3:color=white@0.6:t=fill,drawbox=x=0:y='mod(t*220+90,180)':w=iw:h=3:color=white@0.6:t=fill,"
clip video-driver-interview.mp4 "0x2B2D42 0x0055A4 0xEDF2F4" 'Driver interview' 'Chasing the podium, one lap at a time' \
  "drawbox=x=40:y=40:w=70:h=70:color=white@0.25:t=fill,"
clip video-factory-tour.mp4 "0x0B3D91 0x5DADE2 0xF4F6F7" 'Factory tour at Enstone' 'Where the car is born' \
  "drawgrid=w=40:h=40:t=1:color=white@0.15,"
clip video-launch-night.mp4 "0x001E50 0xFF4FA3 0x0055A4" 'Season launch night' 'The new livery, revealed' \
  "drawbox=x='iw/2-40+30*sin(t*3)':y=50:w=80:h=30:color=white@0.35:t=fill,"
clip video-wind-tunnel.mp4 "0x0A2342 0x2CA58D 0x84BC9C" 'In the wind tunnel' 'Sixty percent scale, one hundred percent effort' \
  "drawbox=x='mod(t*300,iw)':y=60:w=40:h=2:color=white@0.7:t=fill,drawbox=x='mod(t*260+100,iw)':y=90:w=50:h=2:color=white@0.7:t=fill,drawbox=x='mod(t*320+200,iw)':y=120:w=30:h=2:color=white@0.7:t=fill,"
ls -l video-*.mp4
